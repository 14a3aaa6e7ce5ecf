package dev.cif.impl.layout.dict;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.ByteStringTable;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedWriter;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * Writes a DICT column ({@link DictType}, docs/FORMAT.md §6.4) a block at a time: the block's distinct
 * values as its preamble and each value as its id, or, in a block whose predecessor's values did not
 * repeat, each value inline. A dictionary block interns every value; an inline block only its first
 * {@value #INLINE_SAMPLE}, which choose the next block's mode. That is ORC's early check
 * ({@code orc.dictionary.early.check}): a column whose values do not repeat (comments, names) stops
 * paying a hash-table lookup and a copy per value, which was the largest cost left in the writer on
 * TPC-H's lineitem (docs/bench/tpch-profile.md).
 */
public final class DictWriter extends ValueCodec implements BlockScopedWriter {
  /** Values of an inline block interned to choose the next block's mode. */
  static final int INLINE_SAMPLE = 1024;
  private final DictType type;
  private final ByteSink scratch = new ByteSink(64);
  private final ByteSource scratchIn = new ByteSource();
  private final ByteStringTable table = new ByteStringTable();
  private boolean inline;
  private long occurrences;
  /** What the last write added, for {@link #undoLastWrite}. */
  private boolean lastAdded;
  private boolean lastCounted;
  /** Whether the last write found its value in the block's table. */
  private boolean lastRepeated;

  public DictWriter(Schema column) { this.type = DictType.of(column); }

  @Override public void beginBlock() {
    if (occurrences > 0) inline = table.size() * 2L > occurrences;
    table.clear();
    occurrences = 0;
  }

  @Override public int preambleBytes() {
    return inline ? 1 : 1 + ByteSink.uvarLongSize(table.size()) + table.entryBytes();
  }

  @Override public void writePreamble(ByteSink out) {
    out.writeByte(inline ? DictType.MODE_INLINE : DictType.MODE_DICTIONARY);
    if (inline) return;
    out.writeUVarInt(table.size());
    out.writeBytes(table.entries().array(), 0, table.entryBytes());
  }

  @Override public void undoLastWrite() {
    if (lastAdded) table.removeLast();
    if (lastCounted) occurrences--;
    lastAdded = lastCounted = lastRepeated = false;
  }

  @Override public boolean lastWriteRepeated() { return lastRepeated; }

  @Override public void write(Object v, ByteSink out) {
    if (v == null) {
      writeNull(out);
      return;
    }
    if (v instanceof Utf8 && !type.bytes) {
      // A Utf8's bytes are what the string codec would write after the length: used where they are.
      Utf8 u = (Utf8) v;
      writeBytes(u.getBytes(), 0, u.getByteLength(), out);
      return;
    }
    lastAdded = lastCounted = lastRepeated = false;
    scratch.reset();
    type.plain.write(v, scratch); // fails here, before any state changes, on a value of the wrong type
    scratchIn.reset(scratch.array(), 0, scratch.size());
    int len = scratchIn.readLength();
    writeBytes(scratch.array(), scratchIn.position(), len, out);
  }

  @Override public void writeNull(ByteSink out) {
    lastAdded = lastCounted = lastRepeated = false;
    if (!type.nullable) throw new IllegalArgumentException("null in a column that is not nullable");
    out.writeByte(0);
  }

  /** The value's bytes as the type's codec would write them after their length (a string's UTF-8). */
  @Override public void writeBytes(byte[] b, int off, int len, ByteSink out) {
    lastAdded = lastCounted = lastRepeated = false;
    int id = -1;
    // An inline block's values past the sample are neither looked up nor counted (ORC's early check).
    if (!inline || occurrences < INLINE_SAMPLE) {
      id = table.find(b, off, len);
      lastRepeated = id >= 0;
      if (id < 0) {
        id = table.add(b, off, len);
        lastAdded = true;
      }
      occurrences++;
      lastCounted = true;
    }
    if (!inline) {
      out.writeUVarInt(type.nullable ? id + 1 : id);
    } else {
      // The table only counts the sample's distinct values here, to choose the next block's mode.
      out.writeUVarInt(type.nullable ? len + 1 : len);
      out.writeBytes(b, off, len);
    }
  }

  @Override public Object read(ByteSource in) { throw new UnsupportedOperationException("a DICT writer does not read; see DictReader"); }

  @Override public void skip(ByteSource in) { throw new UnsupportedOperationException("a DICT writer does not read; see DictReader"); }
}
