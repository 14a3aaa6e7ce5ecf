package dev.cif.impl.layout.dcsl;

import dev.cif.SelectedKeysBatch;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedReader;
import java.util.Collection;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;


/**
 * Reads the maps of a DCSL column block by block (docs/FORMAT.md §6.3): loads the block's preamble
 * (mode, key dictionary, value dictionary or side directory), then hands out each map as a lazy view
 * that decodes only the values asked for: an {@link InRowMap} for maps whose values lie in the row
 * (modes 0-2), a {@link KeyedMap} for maps whose values lie in per-key streams (mode 3), read from
 * the file only when a value of their key is asked for.
 */
public final class DcslReader extends ValueCodec implements BlockScopedReader {
  private final DcslMapType type;
  /** Version 1 files have no mode byte: every block is in dictionary mode. */
  private final boolean noModeByte;
  /** Mode 3 exists from format version 6 on. */
  private final boolean keyStreamsAllowed;
  /** The block's key dictionary; null in an inline block. */
  private BlockKeys dict;
  /** The block's value dictionary when it is in mode 2, else null. */
  private DcslValueDictionary valueDict;
  /** The block's value streams when it is keyed, else null. */
  private KeyStreamsBlock streams;
  private BlockSides sides = BlockSides.NONE;
  /** The row within the block that the next {@link #read} is of. */
  private int row;
  /** The keys pushed to the reader (see {@link #selectKeys}), or null: whole maps. */
  private Utf8[] selected;
  /** Per selected key, its id in the current block's dictionary, or -1 if the block lacks it. */
  private int[] selectedIds;
  /** The current map's key ids, reused from row to row. */
  private int[] rowIds = new int[16];

  public DcslReader(Schema column, FormatVersion version) {
    this.type = DcslMapType.of(column, version);
    this.noModeByte = !version.has(FormatVersion.DCSL_MODE_BYTE);
    this.keyStreamsAllowed = version.has(FormatVersion.DCSL_KEY_STREAMS);
  }

  /**
   * From now on hands out maps holding only these keys ({@link SelectedKeysMap}), decoding no other
   * key's value, and of keyed blocks reading no other key's stream; a key a block lacks costs
   * nothing there. For queries that read only these keys (dev.cif.pushdown.MapKeys).
   */
  public void selectKeys(Collection<String> keys) {
    if (keys == null) {
      selected = null;
      return;
    }
    selected = new Utf8[keys.size()];
    int i = 0;
    for (String k : keys) selected[i++] = new Utf8(k);
    selectedIds = new int[selected.length];
    if (dict != null) resolveSelected();
  }

  private void resolveSelected() {
    for (int j = 0; j < selected.length; j++) selectedIds[j] = dict.idOf(selected[j]);
  }

  /** Where the current block's sides lie (set before each block is loaded). */
  public void sides(BlockSides sides) { this.sides = sides; }

  @Override public void atRow(int row) { this.row = row; }

  @Override public void readPreamble(ByteSource in) { readPreamble(in, 0); }

  @Override public void readPreamble(ByteSource in, int rows) {
    int at = in.position();
    int modeByte = noModeByte ? DcslMode.DICTIONARY.id : in.readByte();
    DcslMode mode = DcslMode.byId(modeByte);
    valueDict = null;
    streams = null;
    if (mode != DcslMode.KEY_STREAMS && sides.length() != 0) {
      in.position(at);
      throw in.corrupt("block has " + sides.length() + " bytes after its payload, which only a keyed block (mode 3) may");
    }
    if (mode == DcslMode.INLINE) {
      dict = null;
      return;
    }
    if (mode == DcslMode.KEY_STREAMS && !keyStreamsAllowed) {
      in.position(at);
      throw in.corrupt("DCSL block mode 3 (value streams per key) in a file of a format version before 6");
    }
    if (mode == null) {
      in.position(at);
      throw in.corrupt("unknown DCSL block mode " + modeByte + " (this reader knows modes 0 to 3; was the file"
          + " written by a newer CIF?)");
    }
    if (mode == DcslMode.VALUE_DICTIONARY && type.valueType == null) {
      in.position(at);
      throw in.corrupt("DCSL block mode 2 (value dictionary) in a map column whose values are not strings or bytes");
    }
    int n = in.readCount(type.keys.minBytes());
    Object[] k = new Object[n];
    for (int i = 0; i < n; i++) k[i] = type.keys.read(in);
    dict = new BlockKeys(k);
    if (selected != null) resolveSelected();
    if (mode == DcslMode.VALUE_DICTIONARY) valueDict = DcslValueDictionary.read(in, type.valueType);
    if (mode == DcslMode.KEY_STREAMS) streams = KeyStreamsBlock.read(in, dict, sides, rows, type.values);
  }

  @Override public Object read(ByteSource in) {
    if (!type.isMap(in)) return null;
    if (selected != null) return readSelected(in);
    if (streams != null) return new KeyedMap(streams, row, readIds(in));
    int start = in.position();
    skipMap(in);
    byte[] copy = new byte[in.position() - start];
    System.arraycopy(in.array(), start, copy, 0, copy.length);
    return new InRowMap(copy, dict, valueDict, type.keys, type.values, in);
  }

  @Override public void skip(ByteSource in) {
    if (type.isMap(in)) skipMap(in);
  }

  /** Where the selected keys' entries of a map go: key j (of the selected keys) has value v. */
  interface SelectedSink {
    void put(int j, Object v);
  }

  /** The selected keys' entries of the map at in, which is left after the map. */
  private SelectedKeysMap readSelected(ByteSource in) {
    SelectedKeysMap m = new SelectedKeysMap(selected.length);
    decodeSelected(in, (j, v) -> m.put(selected[j], v));
    return m;
  }

  /**
   * Batch form of a read with selected keys: puts row r of out (whose keys are this reader's
   * selected keys, in the same order) from the map at in, whose bytes end at end, and leaves in
   * there. In a keyed block the row's presence and value of each selected key come from that key's
   * stream: the row's key ids are stepped over, not decoded.
   */
  public void readSelected(ByteSource in, int end, SelectedKeysBatch out, int r) {
    if (!type.isMap(in)) {
      out.setNull(r);
      return;
    }
    out.clear(r);
    if (streams != null && end >= 0) {
      for (int j = 0; j < selected.length; j++) {
        int id = selectedIds[j];
        if (id >= 0 && streams.has(id, row)) putFromStream(out, j, r, id);
      }
      in.position(end);
      return;
    }
    decodeSelected(in, (j, v) -> out.put(j, r, v));
  }

  /** Row r of out has selected key j, whose value the keyed block's stream of key id holds at the block's current row. */
  private void putFromStream(SelectedKeysBatch out, int j, int r, int id) {
    out.has[j][r] = true;
    if (out.arrays.length == 0 || streams.valueKind() != out.kind()) {
      out.values[j][r] = streams.value(id, row);
      return;
    }
    streams.valueInto(id, row, out.arrays[j], r);
    out.inArrays[j][r] = true;
  }

  /** Hands sink the selected keys' entries of the map at in (past its null flag), leaving in after the map. */
  private void decodeSelected(ByteSource in, SelectedSink sink) {
    if (dict == null) {
      // Inline keys: compared one by one; only the selected keys' values are decoded.
      int n = in.readCount(type.keys.minBytes() + type.values.minBytes());
      for (int i = 0; i < n; i++) {
        int j = indexOfSelected(BlockKeys.normalize(type.keys.read(in)));
        if (j >= 0) sink.put(j, type.values.read(in));
        else type.values.skip(in);
      }
      return;
    }
    int n = in.readCount(1 + (streams != null ? 0 : valueDict != null ? 1 : type.values.minBytes()));
    if (rowIds.length < n) rowIds = new int[Math.max(n, rowIds.length * 2)];
    for (int i = 0; i < n; i++) rowIds[i] = checkedId(in);
    if (streams != null) {
      // Keyed block: the row's ids say whether it has a key; only that key's stream is read.
      for (int j = 0; j < selected.length; j++) {
        int id = selectedIds[j];
        if (id >= 0 && has(rowIds, n, id)) sink.put(j, streams.value(id, row));
      }
      return;
    }
    for (int i = 0; i < n; i++) {
      int j = indexOfSelectedId(rowIds[i]);
      if (j >= 0) sink.put(j, valueDict != null ? valueDict.read(in) : type.values.read(in));
      else if (valueDict != null) valueDict.id(in);
      else type.values.skip(in);
    }
  }

  private static boolean has(int[] ids, int n, int id) {
    for (int i = 0; i < n; i++) if (ids[i] == id) return true;
    return false;
  }

  private int indexOfSelected(Object key) {
    for (int j = 0; j < selected.length; j++) if (selected[j].equals(key)) return j;
    return -1;
  }

  private int indexOfSelectedId(int id) {
    for (int j = 0; j < selectedIds.length; j++) if (selectedIds[j] == id) return j;
    return -1;
  }

  /** A keyed map's N and key ids, each checked against the dictionary. */
  private int[] readIds(ByteSource in) {
    int[] ids = new int[in.readCount(1)];
    for (int i = 0; i < ids.length; i++) ids[i] = checkedId(in);
    return ids;
  }

  private int checkedId(ByteSource in) {
    int at = in.position();
    int id = in.readUVarInt();
    // Unsigned: a varint of 2^31 or more reads as a negative int.
    if (id < 0 || id >= dict.size()) {
      in.position(at);
      throw in.corrupt("key id " + Integer.toUnsignedString(id) + " outside the dictionary of " + dict.size());
    }
    return id;
  }

  private void skipMap(ByteSource in) {
    if (dict == null) {
      int n = in.readCount(type.keys.minBytes() + type.values.minBytes());
      for (int i = 0; i < n; i++) {
        type.keys.skip(in);
        type.values.skip(in);
      }
      return;
    }
    // A keyed map holds key ids alone (its values are in the side segments).
    int n = in.readCount(1 + (streams != null ? 0 : valueDict != null ? 1 : type.values.minBytes()));
    for (int i = 0; i < n; i++) checkedId(in);
    if (streams != null) return;
    if (valueDict == null) {
      for (int i = 0; i < n; i++) type.values.skip(in);
    } else {
      for (int i = 0; i < n; i++) valueDict.id(in); // checks each id: a map that is read is checked whole
    }
  }

  @Override public void write(Object value, ByteSink out) { throw new UnsupportedOperationException("a DCSL reader does not write; see DcslWriter"); }
}
