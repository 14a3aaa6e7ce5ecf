package dev.cif.bench.harness;

import dev.cif.conf.CifConf;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Carries a job's {@link RowFilter} to the readers inside the job configuration, as a MapReduce job hands
 * its tasks everything they need (Java serialization, Base64; Parquet does the same for its predicates).
 */
public final class RowFilterConf {

  /** The configuration key; absent when the job has no filter. */
  public static final String KEY = CifConf.BENCH_ROW_FILTER.key();

  private RowFilterConf() {}

  public static void set(Configuration conf, RowFilter filter) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(filter);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialize row filter " + filter, e);
    }
    conf.set(KEY, Base64.getEncoder().encodeToString(bytes.toByteArray()));
  }

  public static Optional<RowFilter> get(Configuration conf) {
    String encoded = conf.get(KEY);
    if (encoded == null) {
      return Optional.empty();
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(encoded)))) {
      return Optional.of((RowFilter) in.readObject());
    } catch (IOException | ClassNotFoundException | ClassCastException e) {
      throw new IllegalArgumentException("configuration key " + KEY + " does not hold a row filter", e);
    }
  }
}
