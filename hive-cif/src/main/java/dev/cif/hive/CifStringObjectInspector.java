package dev.cif.hive;

import java.nio.charset.StandardCharsets;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.AbstractPrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.StringObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.io.Text;

/**
 * A Hive string as cif-core read it: an Avro {@link Utf8} (any other CharSequence is taken by its
 * {@code toString}). Hive's operators and UDFs ask for the {@link Text} ({@link #preferWritable}), which
 * is filled from the UTF-8 bytes as they are, with no Java String in between; the String is made only if
 * asked for. Each call returns a fresh Text: a consumer may hold several values of one inspector at once
 * (the elements of an array, the values of a map).
 */
final class CifStringObjectInspector extends AbstractPrimitiveObjectInspector implements StringObjectInspector {
  static final CifStringObjectInspector INSTANCE = new CifStringObjectInspector();

  private CifStringObjectInspector() { super(TypeInfoFactory.stringTypeInfo); }

  @Override
  public Text getPrimitiveWritableObject(Object o) {
    if (o == null) return null;
    Text t = new Text();
    if (o instanceof Utf8) {
      Utf8 u = (Utf8) o;
      t.set(u.getBytes(), 0, u.getByteLength());
    } else {
      byte[] b = o.toString().getBytes(StandardCharsets.UTF_8);
      t.set(b, 0, b.length);
    }
    return t;
  }

  @Override
  public String getPrimitiveJavaObject(Object o) { return o == null ? null : o.toString(); }

  /** A copy that stays valid when the reader moves on (cif-core may reuse its Utf8 objects). */
  @Override
  public Object copyObject(Object o) {
    if (o == null) return null;
    return o instanceof Utf8 ? new Utf8((Utf8) o) : o.toString();
  }

  @Override public boolean preferWritable() { return true; }
}
