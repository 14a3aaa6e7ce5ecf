package dev.cif.impl.layout.dict;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * Reads a DICT column ({@link DictType}, docs/FORMAT.md §6.4) a block at a time: indexes the block's
 * dictionary as offsets into the block's buffer, so a value is built from its entry and a batch read
 * points each row at its entry, copying nothing.
 */
public final class DictReader extends ValueCodec implements BlockScopedReader {
  private final DictType type;
  // The current block's entries, as offsets into its buffer.
  private boolean inline;
  private int count;
  private int[] starts = new int[0];
  private int[] lengths = new int[0];
  private byte[] block;
  private String[] strings = new String[0];

  public DictReader(Schema column) { this.type = DictType.of(column); }

  @Override public void readPreamble(ByteSource in) {
    int mode = in.readByte();
    block = in.array();
    if (mode == DictType.MODE_INLINE) {
      inline = true;
      count = 0;
      return;
    }
    if (mode != DictType.MODE_DICTIONARY) throw in.corrupt("unknown DICT block mode " + mode);
    inline = false;
    count = in.readCount(1);
    if (starts.length < count) {
      starts = new int[count];
      lengths = new int[count];
      strings = new String[type.javaString ? count : 0];
    }
    for (int i = 0; i < count; i++) {
      lengths[i] = in.readLength();
      starts[i] = in.position();
      in.skipBytes(lengths[i]);
    }
    if (type.javaString) Arrays.fill(strings, 0, count, null);
  }

  /** Dictionary blocks: the id of the next value, or -1 for null. */
  private int id(ByteSource in) {
    int start = in.position();
    int code = in.readUVarInt();
    if (type.nullable) {
      if (code == 0) return -1;
      code--;
    }
    // Unsigned: a varint of 2^31 or more reads as a negative int.
    if (code < 0 || code >= count) {
      in.position(start); // the error names the id's own offset
      throw in.corrupt("dictionary id " + Integer.toUnsignedString(code) + " outside the block's dictionary of " + count + " entries");
    }
    return code;
  }

  /** Inline blocks: the length of the next value, or -1 for null. */
  private int inlineLength(ByteSource in) {
    if (!type.nullable) return in.readLength();
    int start = in.position();
    long code = in.readUVarLong();
    if (code == 0) return -1;
    if (code < 0 || code - 1 > in.remaining()) {
      in.position(start);
      throw in.corrupt("length " + Long.toUnsignedString(code - 1) + " exceeds the " + in.remaining() + " bytes left in the block");
    }
    return (int) (code - 1);
  }

  @Override public Object read(ByteSource in) {
    if (inline) {
      int n = inlineLength(in);
      if (n < 0) return null;
      int start = in.position();
      in.skipBytes(n);
      return value(in.array(), start, n);
    }
    int id = id(in);
    if (id < 0) return null;
    if (!type.javaString) return value(block, starts[id], lengths[id]);
    // Strings are immutable: one per entry serves every row that refers to it.
    String s = strings[id];
    return s != null ? s : (strings[id] = (String) value(block, starts[id], lengths[id]));
  }

  /** A fresh object per row, as the other layouts give: Utf8 and ByteBuffer are mutable. */
  private Object value(byte[] b, int start, int n) {
    if (type.javaString) return new String(b, start, n, StandardCharsets.UTF_8);
    byte[] copy = Arrays.copyOfRange(b, start, start + n);
    return type.bytes ? ByteBuffer.wrap(copy) : new Utf8(copy);
  }

  @Override public void skip(ByteSource in) {
    if (!inline) {
      in.skipVarint();
      return;
    }
    int n = inlineLength(in);
    if (n > 0) in.skipBytes(n);
  }

  @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.BINARY; }

  @Override public void readInto(ByteSource in, VectorTarget t, int row) {
    if (inline) {
      int n = inlineLength(in);
      if (n < 0) t.setNull(row);
      else in.referInto(t, row, n);
      return;
    }
    int id = id(in);
    if (id < 0) {
      t.setNull(row);
      return;
    }
    t.isNull[row] = false;
    t.buffers[row] = block;
    t.starts[row] = starts[id];
    t.lengths[row] = lengths[id];
  }

  @Override public void write(Object value, ByteSink out) { throw new UnsupportedOperationException("a DICT reader does not write; see DictWriter"); }
}
