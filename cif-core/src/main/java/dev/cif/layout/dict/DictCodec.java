package dev.cif.layout.dict;

import dev.cif.io.ByteSink;
import dev.cif.io.ByteSource;
import dev.cif.io.ByteStringTable;
import dev.cif.layout.plain.ValueCodec;
import dev.cif.layout.plain.ValueCodecs;
import dev.cif.layout.plain.VectorTarget;
import dev.cif.layout.skiplist.BlockScopedReader;
import dev.cif.layout.skiplist.BlockScopedWriter;
import dev.cif.schema.CifSchemas;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * The DICT layout's encoding of a string or bytes column, optionally nullable (docs/FORMAT.md §6.4):
 * <pre>
 * Preamble := 0x00 Count:uvarint (Length:uvarint Byte{Length}){Count}   (dictionary block)
 *           | 0x01                                                     (inline block)
 * Value    := Code:uvarint    dictionary block: the entry's id; nullable: 0 = null, id + 1
 *           | Length:uvarint Byte{Length}   inline block; nullable: Length 0 = null, else length + 1
 * </pre>
 * A value is one small varint wherever the block's values repeat, and a batch read points each row
 * at its entry inside the block buffer, copying nothing. Null and id share one varint so a nullable
 * column pays no union branch byte per value. As in DCSL, a block whose predecessor had more distinct
 * values than half its values is written inline instead (decided before its first value, so nothing
 * is encoded twice): a column whose values do not repeat costs about what SKIP_LIST costs.
 */
public final class DictCodec extends ValueCodec implements BlockScopedWriter, BlockScopedReader {
  /** The block's mode byte: values are ids into the block's dictionary... */
  private static final int MODE_DICTIONARY = 0;
  /** ...or are inline, when the block before's values did not repeat. */
  private static final int MODE_INLINE = 1;


  /** The type's own codec: turns whatever a caller hands in (String, Utf8, ByteBuffer, BigDecimal...) into bytes. */
  private final ValueCodec plain;
  private final boolean nullable;
  private final boolean bytes;
  private final boolean javaString;
  // Writer state.
  private final ByteSink scratch = new ByteSink(64);
  private final ByteSource scratchIn = new ByteSource();
  private final ByteStringTable table = new ByteStringTable();
  private boolean inline;
  private long occurrences;
  private boolean lastAdded;
  private boolean lastCounted;
  // Reader state: the current block's entries, as offsets into its buffer.
  private boolean readInline;
  private int count;
  private int[] starts = new int[0];
  private int[] lengths = new int[0];
  private byte[] block;
  private String[] strings = new String[0];

  private DictCodec(Schema type, boolean nullable) {
    this.plain = ValueCodecs.forSchema(type);
    this.nullable = nullable;
    this.bytes = type.getType() == Schema.Type.BYTES;
    this.javaString = "String".equals(type.getProp("avro.java.string"));
  }

  /** Whether a column's type can be dictionary-encoded: string or bytes, alone or in a [null, T] union. */
  public static boolean fits(Schema column) {
    Schema t = CifSchemas.nonNull(column);
    return t.getType() == Schema.Type.STRING || t.getType() == Schema.Type.BYTES;
  }

  public static DictCodec forColumn(Schema column) {
    if (!fits(column)) throw new IllegalArgumentException("layout DICT is for string and bytes columns, not " + column);
    return new DictCodec(CifSchemas.nonNull(column), column.getType() == Schema.Type.UNION);
  }

  @Override public void beginBlock() {
    if (occurrences > 0) inline = table.size() * 2L > occurrences;
    table.clear();
    occurrences = 0;
  }

  @Override public int preambleBytes() {
    return inline ? 1 : 1 + ByteSink.uvarLongSize(table.size()) + table.entryBytes();
  }

  @Override public void writePreamble(ByteSink out) {
    out.writeByte(inline ? MODE_INLINE : MODE_DICTIONARY);
    if (inline) return;
    out.writeUVarInt(table.size());
    out.writeBytes(table.entries().array(), 0, table.entryBytes());
  }

  @Override public void undoLastWrite() {
    if (lastAdded) table.removeLast();
    if (lastCounted) occurrences--;
    lastAdded = lastCounted = false;
  }

  @Override public void write(Object v, ByteSink out) {
    lastAdded = lastCounted = false;
    if (v == null) {
      if (!nullable) throw new IllegalArgumentException("null in a column that is not nullable");
      out.writeByte(0);
      return;
    }
    scratch.reset();
    plain.write(v, scratch); // fails here, before any state changes, on a value of the wrong type
    scratchIn.reset(scratch.array(), 0, scratch.size());
    int len = scratchIn.readLength();
    int off = scratchIn.position();
    int id = table.find(scratch.array(), off, len);
    if (id < 0) {
      id = table.add(scratch.array(), off, len);
      lastAdded = true;
    }
    occurrences++;
    lastCounted = true;
    if (!inline) {
      out.writeUVarInt(nullable ? id + 1 : id);
    } else {
      // The table only counts distinct values here, to choose the next block's mode.
      out.writeUVarInt(nullable ? len + 1 : len);
      out.writeBytes(scratch.array(), off, len);
    }
  }

  @Override public void readPreamble(ByteSource in) {
    int mode = in.readByte();
    block = in.array();
    if (mode == MODE_INLINE) {
      readInline = true;
      count = 0;
      return;
    }
    if (mode != MODE_DICTIONARY) throw in.corrupt("unknown DICT block mode " + mode);
    readInline = false;
    count = in.readCount(1);
    if (starts.length < count) {
      starts = new int[count];
      lengths = new int[count];
      strings = new String[javaString ? count : 0];
    }
    for (int i = 0; i < count; i++) {
      lengths[i] = in.readLength();
      starts[i] = in.position();
      in.skipBytes(lengths[i]);
    }
    if (javaString) Arrays.fill(strings, 0, count, null);
  }

  /** Dictionary blocks: the id of the next value, or -1 for null. */
  private int id(ByteSource in) {
    int start = in.position();
    int code = in.readUVarInt();
    if (nullable) {
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
    if (!nullable) return in.readLength();
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
    if (readInline) {
      int n = inlineLength(in);
      if (n < 0) return null;
      int start = in.position();
      in.skipBytes(n);
      return value(in.array(), start, n);
    }
    int id = id(in);
    if (id < 0) return null;
    if (!javaString) return value(block, starts[id], lengths[id]);
    // Strings are immutable: one per entry serves every row that refers to it.
    String s = strings[id];
    return s != null ? s : (strings[id] = (String) value(block, starts[id], lengths[id]));
  }

  /** A fresh object per row, as the other layouts give: Utf8 and ByteBuffer are mutable. */
  private Object value(byte[] b, int start, int n) {
    if (javaString) return new String(b, start, n, StandardCharsets.UTF_8);
    byte[] copy = Arrays.copyOfRange(b, start, start + n);
    return bytes ? ByteBuffer.wrap(copy) : new Utf8(copy);
  }

  @Override public void skip(ByteSource in) {
    if (!readInline) {
      in.skipVarint();
      return;
    }
    int n = inlineLength(in);
    if (n > 0) in.skipBytes(n);
  }

  @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.BINARY; }

  @Override public void readInto(ByteSource in, VectorTarget t, int row) {
    if (readInline) {
      int n = inlineLength(in);
      if (n < 0) t.setNull(row);
      else t.referTo(row, in, n);
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
}
