package dev.cif.impl.layout.plain;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.IndexedRecord;


/** Codecs of the nested types. Nested values are stored whole in their column, never shredded. */
final class ComplexCodecs {
  private ComplexCodecs() {}

  /** count, then the items. */
  static final class ArrayCodec extends ValueCodec {
    private final Schema schema;
    private final ValueCodec items;

    ArrayCodec(Schema s, ValueCodec items) {
      schema = s;
      this.items = items;
    }

    @Override public void write(Object v, ByteSink out) {
      Collection<?> c = (Collection<?>) v;
      out.writeUVarInt(c.size());
      for (Object o : c) items.write(o, out);
    }

    @Override public Object read(ByteSource in) {
      int n = in.readCount(items.minBytes());
      GenericData.Array<Object> a = new GenericData.Array<>(n, schema);
      for (int i = 0; i < n; i++) a.add(items.read(in));
      return a;
    }

    @Override public void skip(ByteSource in) {
      int n = in.readCount(items.minBytes());
      for (int i = 0; i < n; i++) items.skip(in);
    }
  }

  /** count, then key/value pairs; keys are strings or the primitive named by cif.keyType. */
  static final class MapCodec extends ValueCodec {
    final ValueCodec keys;
    final ValueCodec values;

    MapCodec(ValueCodec keys, ValueCodec values) {
      this.keys = keys;
      this.values = values;
    }

    @Override public void write(Object v, ByteSink out) {
      Map<?, ?> m = (Map<?, ?>) v;
      out.writeUVarInt(m.size());
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (e.getKey() == null) throw new IllegalArgumentException("map key is null");
        keys.write(e.getKey(), out);
        values.write(e.getValue(), out);
      }
    }

    @Override public Object read(ByteSource in) {
      int n = in.readCount(keys.minBytes() + values.minBytes());
      Map<Object, Object> m = new HashMap<>(Math.max(4, (int) (n / 0.75f) + 1));
      for (int i = 0; i < n; i++) {
        Object k = keys.read(in);
        m.put(k, values.read(in));
      }
      return m;
    }

    @Override public void skip(ByteSource in) {
      int n = in.readCount(keys.minBytes() + values.minBytes());
      for (int i = 0; i < n; i++) {
        keys.skip(in);
        values.skip(in);
      }
    }
  }

  /** The fields in schema order. */
  static final class RecordCodec extends ValueCodec {
    private final Schema schema;
    private final ValueCodec[] fields;

    RecordCodec(Schema s, ValueCodec[] fields) {
      schema = s;
      this.fields = fields;
    }

    @Override public void write(Object v, ByteSink out) {
      IndexedRecord r = (IndexedRecord) v;
      for (int i = 0; i < fields.length; i++) fields[i].write(r.get(i), out);
    }

    @Override public Object read(ByteSource in) {
      GenericData.Record r = new GenericData.Record(schema);
      for (int i = 0; i < fields.length; i++) r.put(i, fields[i].read(in));
      return r;
    }

    @Override public void skip(ByteSource in) {
      for (ValueCodec f : fields) f.skip(in);
    }

    @Override public int minBytes() {
      int n = 0;
      for (ValueCodec f : fields) n += f.minBytes();
      return n;
    }
  }

  /** The branch index as a varint, then the branch's value. */
  static final class UnionCodec extends ValueCodec {
    private final Schema schema;
    private final ValueCodec[] branches;
    private final int nullBranch;
    /** In a [null, T] union (or [T, null]) T's branch, which every value that is not null takes; else -1. */
    private final int valueBranch;

    UnionCodec(Schema s, ValueCodec[] branches) {
      schema = s;
      this.branches = branches;
      List<Schema> types = s.getTypes();
      int nb = -1;
      for (int i = 0; i < types.size(); i++) if (types.get(i).getType() == Schema.Type.NULL) nb = i;
      nullBranch = nb;
      valueBranch = branches.length == 2 && nb >= 0 ? 1 - nb : -1;
    }

    @Override public void write(Object v, ByteSink out) {
      int b = v == null ? nullBranch : GenericData.get().resolveUnion(schema, v);
      if (b < 0) throw new IllegalArgumentException("null in a union without a null branch: " + schema);
      out.writeUVarInt(b);
      branches[b].write(v, out);
    }

    @Override public void writeNull(ByteSink out) {
      if (nullBranch < 0) throw new IllegalArgumentException("null in a union without a null branch: " + schema);
      out.writeUVarInt(nullBranch);
    }

    // A union of more than one non-null type picks the branch by the value's Java type: boxed, by write().
    @Override public void writeBoolean(boolean v, ByteSink out) {
      if (valueBranch < 0) write(v, out);
      else valueCodec(out).writeBoolean(v, out);
    }

    @Override public void writeInt(int v, ByteSink out) {
      if (valueBranch < 0) write(v, out);
      else valueCodec(out).writeInt(v, out);
    }

    @Override public void writeLong(long v, ByteSink out) {
      if (valueBranch < 0) write(v, out);
      else valueCodec(out).writeLong(v, out);
    }

    @Override public void writeFloat(float v, ByteSink out) {
      if (valueBranch < 0) write(v, out);
      else valueCodec(out).writeFloat(v, out);
    }

    @Override public void writeDouble(double v, ByteSink out) {
      if (valueBranch < 0) write(v, out);
      else valueCodec(out).writeDouble(v, out);
    }

    @Override public void writeBytes(byte[] b, int off, int len, ByteSink out) {
      if (valueBranch < 0) super.writeBytes(b, off, len, out);
      else valueCodec(out).writeBytes(b, off, len, out);
    }

    /** Writes the branch index of the union's one non-null type and returns that type's codec. */
    private ValueCodec valueCodec(ByteSink out) {
      out.writeUVarInt(valueBranch);
      return branches[valueBranch];
    }

    @Override public Object read(ByteSource in) { return branches[branch(in)].read(in); }

    @Override public void skip(ByteSource in) { branches[branch(in)].skip(in); }

    /** A union reads into arrays when it is [null, T] (Hive's and Pig's nullable columns) and T does. */
    @Override public VectorTarget.Kind vectorKind() {
      if (branches.length != 2 || nullBranch < 0) return null;
      return branches[1 - nullBranch].vectorKind();
    }

    @Override public void readInto(ByteSource in, VectorTarget t, int row) {
      int b = branch(in);
      if (b == nullBranch) t.setNull(row);
      else branches[b].readInto(in, t, row);
    }

    private int branch(ByteSource in) {
      int b = in.readUVarInt();
      // Unsigned: a varint of 2^31 or more reads as a negative int.
      if (b < 0 || b >= branches.length) throw in.corrupt("union branch " + Integer.toUnsignedString(b) + " of " + branches.length);
      return b;
    }
  }
}
