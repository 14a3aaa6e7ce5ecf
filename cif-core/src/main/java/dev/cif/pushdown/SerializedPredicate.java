package dev.cif.pushdown;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Base64;

/**
 * A predicate as a string, to travel from the client that plans a job to its tasks in the job's
 * configuration (cif.read.predicate). Java serialization in Base64: the tree is a handful of records,
 * and both ends run the same cif-core.
 */
public final class SerializedPredicate {
  private SerializedPredicate() {}

  public static String encode(Predicate p) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Base64.getEncoder().encodeToString(bytes.toByteArray());
  }

  public static Predicate decode(String s) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(s.trim())))) {
      return (Predicate) in.readObject();
    } catch (IOException | ClassNotFoundException | ClassCastException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not a serialized dev.cif.pushdown.Predicate: " + e.getMessage(), e);
    }
  }
}
