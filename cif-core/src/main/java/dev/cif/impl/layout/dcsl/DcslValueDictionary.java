package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.ByteStringTable;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * The value dictionary of one DCSL block in value-dictionary mode (docs/FORMAT.md §6.3): the block's
 * distinct map values, which its maps refer to by id, so a repeated value is stored once per block
 * and a lookup steps over the values before its key by stepping over one varint each.
 *
 * <pre>
 * Values    := Count:uvarint Size:uvarint (Length:uvarint Byte{Length}){Count}   Size: bytes of the entries
 * ValueCode := Id:uvarint                   values not nullable: Id &lt; Count
 *            | Code:uvarint                 nullable values: 0 = null, else Id + 1
 * </pre>
 * Entries are indexed lazily, up to the highest id asked for: the preamble is read in O(1) (Size
 * lets the reader step over it), so a block costs nothing for values no map lookup asks for. Values
 * get ids in order of first appearance, so a block's frequent values tend to have small ids and a
 * lookup of a low-cardinality key (a content type) indexes a short prefix, never the dates and etags
 * after it. Immutable to its users but not thread-safe (like the reader), with its own copy of the
 * entries: a {@link InRowMap} read from the block keeps using it after the reader has moved on
 * and reused the block buffer.
 */
final class DcslValueDictionary {

  /** What a map's values are, for the codecs that may dictionary-encode them. */
  static final class ValueType {
    final boolean nullable;
    final boolean bytes;
    final boolean javaString;
    /** The non-null type's own codec: turns what a caller hands in into Length Byte{Length}. */
    final ValueCodec plain;
    /** The union branch of the non-null type; -1 when the values are not nullable. */
    final int branch;

    private ValueType(Schema type, int branch) {
      this.nullable = branch >= 0;
      this.bytes = type.getType() == Schema.Type.BYTES;
      this.javaString = "String".equals(type.getProp("avro.java.string"));
      this.plain = ValueCodecs.forSchema(type);
      this.branch = branch;
    }

    /** The map value type's description if its values can be dictionary-encoded (string or bytes, or [null, either]), else null. */
    static ValueType of(Schema values) {
      if (fits(values)) return new ValueType(values, -1);
      if (values.getType() != Schema.Type.UNION || values.getTypes().size() != 2) return null;
      for (int i = 0; i < 2; i++) {
        if (fits(values.getTypes().get(i)) && values.getTypes().get(1 - i).getType() == Schema.Type.NULL) {
          return new ValueType(values.getTypes().get(i), i);
        }
      }
      return null;
    }

    private static boolean fits(Schema s) {
      return s.getType() == Schema.Type.STRING || s.getType() == Schema.Type.BYTES;
    }
  }

  private final ValueType type;
  private final int count;
  /** The entries (a copy), positioned after the last one indexed. */
  private final ByteSource entries;
  private int indexed;
  private int[] starts = new int[16];
  private int[] lengths = new int[16];
  /** One String per entry, made on first use (Strings are immutable; Utf8 and ByteBuffer are not). */
  private String[] strings;

  private DcslValueDictionary(ValueType type, int count, ByteSource entries) {
    this.type = type;
    this.count = count;
    this.entries = entries;
  }

  /** Reads {@code Values}, stepping over its entries; Count and Size are checked before anything is allocated. */
  static DcslValueDictionary read(ByteSource in, ValueType type) {
    int count = in.readCount(1);
    int size = in.readLength();
    if (count > size) throw in.corrupt(count + " value dictionary entries cannot fit in " + size + " bytes");
    ByteSource entries = in.copyRange(in.position(), in.position() + size);
    in.skipBytes(size);
    return new DcslValueDictionary(type, count, entries);
  }

  int size() { return count; }

  /** Indexes entries up to id; every length is checked against the entries' bytes before it is used. */
  private void indexTo(int id) {
    if (id < indexed) return;
    if (id >= starts.length) {
      int n = Math.min(count, Math.max(id + 1, starts.length * 2));
      starts = Arrays.copyOf(starts, n);
      lengths = Arrays.copyOf(lengths, n);
    }
    for (; indexed <= id; indexed++) {
      lengths[indexed] = entries.readLength();
      starts[indexed] = entries.position();
      entries.skipBytes(lengths[indexed]);
    }
    if (indexed == count && entries.hasRemaining()) {
      throw entries.corrupt(entries.remaining() + " bytes after the value dictionary's last entry");
    }
  }

  /** Reads one ValueCode: the id of the value, or -1 for null; a code outside the dictionary is corruption. */
  int id(ByteSource in) {
    int at = in.position();
    int code = in.readUVarInt();
    if (type.nullable) {
      if (code == 0) return -1;
      code--;
    }
    // Unsigned: a varint of 2^31 or more reads as a negative int.
    if (code < 0 || code >= count) {
      in.position(at); // the error names the code's own offset
      throw in.corrupt("map value id " + Integer.toUnsignedString(code) + " outside the block's value dictionary of "
          + count + " entries");
    }
    return code;
  }

  /** Reads one ValueCode and returns its value: a fresh Utf8 or ByteBuffer (both mutable), a shared String. */
  Object read(ByteSource in) {
    int id = id(in);
    if (id < 0) return null;
    indexTo(id);
    byte[] b = entries.array();
    if (type.javaString) {
      if (strings == null) strings = new String[count]; // count <= Size, which fit in the block
      String s = strings[id];
      return s != null ? s : (strings[id] = new String(b, starts[id], lengths[id], StandardCharsets.UTF_8));
    }
    byte[] copy = Arrays.copyOfRange(b, starts[id], starts[id] + lengths[id]);
    return type.bytes ? ByteBuffer.wrap(copy) : new Utf8(copy);
  }

  /**
   * The writer's side: the block's distinct values (an id for each) and the choice of mode. Values
   * are interned in every block, whatever its mode, because the next block's mode depends on how
   * often this block's values repeated.
   */
  static final class Builder {
    private final ValueType type;
    private final ByteStringTable table = new ByteStringTable();
    private final ByteSink scratch = new ByteSink(64);
    private final ByteSource scratchIn = new ByteSource();
    private long occurrences;
    private boolean dictionary = true;
    private int markSize;
    private long markOccurrences;

    Builder(ValueType type) { this.type = type; }

    /** As for DCSL keys: the mode follows the block before (the first block uses a dictionary). */
    void beginBlock() {
      if (occurrences > 0) dictionary = table.size() * 2L <= occurrences;
      table.clear();
      occurrences = 0;
    }

    /** Whether this block's values should be written as ids. */
    boolean dictionary() { return dictionary; }

    int preambleBytes() {
      return ByteSink.uvarLongSize(table.size()) + ByteSink.uvarLongSize(table.entryBytes()) + table.entryBytes();
    }

    void writePreamble(ByteSink out) {
      out.writeUVarInt(table.size());
      out.writeUVarInt(table.entryBytes());
      out.writeBytes(table.entries().array(), 0, table.entryBytes());
    }

    /** Remembers the state before a map is written, for {@link #undo}. */
    void mark() {
      markSize = table.size();
      markOccurrences = occurrences;
    }

    /** Forgets the values added since {@link #mark}: the map that added them was refused. */
    void undo() {
      while (table.size() > markSize) table.removeLast();
      occurrences = markOccurrences;
    }

    /**
     * Writes one map value: its ValueCode if {@code asId}, else the value in the map's plain value
     * encoding (the union branch, then Length Byte{Length}), exactly as the value codec would.
     */
    void write(Object v, ByteSink out, boolean asId) {
      if (v == null) {
        if (!type.nullable) throw new IllegalArgumentException("null map value in a map whose values are not nullable");
        out.writeUVarInt(asId ? 0 : 1 - type.branch);
        return;
      }
      scratch.reset();
      type.plain.write(v, scratch); // fails here, before the table changes, on a value of the wrong type
      scratchIn.reset(scratch.array(), 0, scratch.size());
      int len = scratchIn.readLength();
      int off = scratchIn.position();
      int id = table.find(scratch.array(), off, len);
      if (id < 0) id = table.add(scratch.array(), off, len);
      occurrences++;
      if (asId) {
        out.writeUVarInt(type.nullable ? id + 1 : id);
        return;
      }
      if (type.nullable) out.writeUVarInt(type.branch);
      out.writeBytes(scratch.array(), 0, scratch.size());
    }
  }
}
