package dev.cif.testing;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;

/** Random schemas and values for property tests, from a seed. */
public final class RandomData {
  private final Random rnd;
  private int names;

  public RandomData(long seed) { rnd = new Random(seed); }

  public Random random() { return rnd; }

  /** A record of 1..maxColumns columns, nested up to depth levels. */
  public Schema schema(int maxColumns, int depth) {
    int n = 1 + rnd.nextInt(maxColumns);
    List<Schema.Field> fields = new ArrayList<>();
    for (int i = 0; i < n; i++) fields.add(new Schema.Field("c" + i, maybeNullable(type(depth)), null, (Object) null));
    return Schema.createRecord("R" + (names++), null, "test", false, fields);
  }

  private Schema maybeNullable(Schema s) {
    if (s.getType() == Schema.Type.UNION || s.getType() == Schema.Type.NULL || rnd.nextInt(3) != 0) return s;
    return Schema.createUnion(Schema.create(Schema.Type.NULL), s);
  }

  public Schema type(int depth) {
    int k = rnd.nextInt(depth > 0 ? 19 : 13);
    switch (k) {
      case 0: return Schema.create(Schema.Type.BOOLEAN);
      case 1: return Schema.create(Schema.Type.INT);
      case 2: return Schema.create(Schema.Type.LONG);
      case 3: return Schema.create(Schema.Type.FLOAT);
      case 4: return Schema.create(Schema.Type.DOUBLE);
      case 5: return Schema.create(Schema.Type.STRING);
      case 6: return Schema.create(Schema.Type.BYTES);
      case 7: return Schema.createFixed("F" + (names++), null, "test", 1 + rnd.nextInt(12));
      case 8: return Schema.createEnum("E" + (names++), null, "test", List.of("A", "B", "C_d"));
      case 9: return LogicalTypes.decimal(18, 4).addToSchema(Schema.create(Schema.Type.BYTES));
      case 10: return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case 11: return LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      case 12: return Schema.create(Schema.Type.NULL);
      case 13: case 14: return Schema.createArray(maybeNullable(type(depth - 1)));
      case 15: case 16: {
        Schema m = Schema.createMap(maybeNullable(type(depth - 1)));
        if (rnd.nextInt(3) == 0) m.addProp("cif.keyType", rnd.nextBoolean() ? "int" : "long");
        return m;
      }
      case 17: {
        int n = 1 + rnd.nextInt(4);
        List<Schema.Field> f = new ArrayList<>();
        for (int i = 0; i < n; i++) f.add(new Schema.Field("f" + i, maybeNullable(type(depth - 1)), null, (Object) null));
        return Schema.createRecord("N" + (names++), null, "test", false, f);
      }
      default:
        return Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING), Schema.create(Schema.Type.LONG));
    }
  }

  public GenericData.Record record(Schema s) {
    GenericData.Record r = new GenericData.Record(s);
    for (Schema.Field f : s.getFields()) r.put(f.pos(), value(f.schema()));
    return r;
  }

  private int nesting;

  public Object value(Schema s) {
    nesting++;
    try {
      return valueAt(s);
    } finally {
      nesting--;
    }
  }

  private Object valueAt(Schema s) {
    switch (s.getType()) {
      case NULL: return null;
      case BOOLEAN: return rnd.nextBoolean();
      case INT: return rnd.nextInt(4) == 0 ? rnd.nextInt() : rnd.nextInt(200) - 100;
      case LONG: return rnd.nextInt(4) == 0 ? rnd.nextLong() : (long) rnd.nextInt(100000);
      case FLOAT: return rnd.nextInt(20) == 0 ? Float.NaN : rnd.nextFloat() * 1000 - 500;
      case DOUBLE: return rnd.nextGaussian() * 1e6;
      case STRING: return new Utf8(string());
      case BYTES: {
        if (s.getLogicalType() != null) return ByteBuffer.wrap(java.math.BigInteger.valueOf(rnd.nextLong() % 1_000_000_000_000L).toByteArray());
        byte[] b = new byte[rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(40)];
        rnd.nextBytes(b);
        return ByteBuffer.wrap(b);
      }
      case FIXED: {
        byte[] b = new byte[s.getFixedSize()];
        rnd.nextBytes(b);
        return new GenericData.Fixed(s, b);
      }
      case ENUM: return new GenericData.EnumSymbol(s, s.getEnumSymbols().get(rnd.nextInt(s.getEnumSymbols().size())));
      case ARRAY: {
        int n = size();
        GenericData.Array<Object> a = new GenericData.Array<>(n, s);
        for (int i = 0; i < n; i++) a.add(value(s.getElementType()));
        return a;
      }
      case MAP: {
        int n = size();
        Map<Object, Object> m = new HashMap<>();
        Object kt = s.getObjectProp("cif.keyType");
        for (int i = 0; i < n; i++) {
          Object key;
          if ("int".equals(kt)) key = rnd.nextInt(50);
          else if ("long".equals(kt)) key = (long) rnd.nextInt(50);
          else key = new Utf8(rnd.nextInt(3) == 0 ? string() : "k" + rnd.nextInt(30));
          m.put(key, value(s.getValueType()));
        }
        return m;
      }
      case RECORD: return record(s);
      case UNION: return value(s.getTypes().get(rnd.nextInt(s.getTypes().size())));
      default: throw new AssertionError(s);
    }
  }

  /** Mostly small, sometimes empty, now and then large. */
  private int size() {
    int k = rnd.nextInt(20);
    return k < 3 ? 0 : k < 19 || nesting > 2 ? rnd.nextInt(4) : rnd.nextInt(300);
  }

  private String string() {
    int n = rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(30);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int k = rnd.nextInt(10);
      sb.appendCodePoint(k < 7 ? 'a' + rnd.nextInt(26) : k < 9 ? 0x4e00 + rnd.nextInt(500) : 0x1F600 + rnd.nextInt(50));
    }
    return sb.toString();
  }

  /** Plain Java values (String, List, sorted Map, hex) so that equality does not depend on representation. */
  public static Object normalize(Object v) {
    if (v == null) return null;
    if (v instanceof CharSequence || v instanceof GenericEnumSymbol) return v.toString();
    if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] a = new byte[b.remaining()];
      b.get(a);
      return hex(a);
    }
    if (v instanceof GenericFixed) return hex(((GenericFixed) v).bytes());
    if (v instanceof Map) {
      Map<Object, Object> m = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) m.put(normalize(e.getKey()), normalize(e.getValue()));
      return m;
    }
    if (v instanceof Collection) {
      List<Object> l = new ArrayList<>();
      for (Object o : (Collection<?>) v) l.add(normalize(o));
      return l;
    }
    if (v instanceof IndexedRecord) {
      IndexedRecord r = (IndexedRecord) v;
      List<Object> l = new ArrayList<>();
      for (int i = 0; i < r.getSchema().getFields().size(); i++) l.add(normalize(r.get(i)));
      return l;
    }
    return v;
  }

  private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

  /** "0x" and two lower-case digits a byte; by table, not String.format: tests normalize 5 MB values (seconds each). */
  private static String hex(byte[] a) {
    char[] out = new char[2 + 2 * a.length];
    out[0] = '0';
    out[1] = 'x';
    for (int i = 0; i < a.length; i++) {
      out[2 + 2 * i] = HEX_DIGITS[(a[i] >> 4) & 0xf];
      out[3 + 2 * i] = HEX_DIGITS[a[i] & 0xf];
    }
    return new String(out);
  }
}
