package dev.cif.column;

import dev.cif.io.ByteSink;
import dev.cif.io.ByteSource;
import dev.cif.io.FormatVersion;
import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * The dictionary-compressed skip list's map encoding (paper §5.3, docs/FORMAT.md §6.3):
 * <pre>
 * Preamble := 0x00 KeyCount:uvarint Key{KeyCount}                 key dictionary
 *           | 0x01                                               inline keys
 *           | 0x02 KeyCount:uvarint Key{KeyCount} Values         key and value dictionaries
 *           | 0x03 KeyCount:uvarint Key{KeyCount} Side{KeyCount} key dictionary, a value stream per key
 * MapValue := N:uvarint KeyId:uvarint{N} Value{N}                 mode 0
 *           | N:uvarint (Key Value){N}                             mode 1
 *           | N:uvarint KeyId:uvarint{N} ValueCode{N}              mode 2 ({@link MapValueDictionary})
 *           | N:uvarint KeyId:uvarint{N}                           mode 3 (values in {@link KeyStreamBuilder streams})
 * </pre>
 * Key ids come first so that one key's value is found by reading ids and stepping over the values
 * before it, never building them: reading returns a {@link DictionaryMap} view that decodes only
 * the values asked for. The dictionary pays when keys repeat; a block whose predecessor had more
 * distinct keys than half its key occurrences is written with inline keys instead (decided before
 * the block's first value, so nothing is encoded twice). Mode 2 is for string and bytes values
 * (crawl headers: servers, content types), chosen the same way from how often the previous block's
 * values repeated; it makes a lookup step over one varint per value before its key instead of over
 * the values themselves, and stores each distinct value once per block. Mode 3 (format version 6) keeps
 * each key's values in a stream of its own, stored after the block's head and read only when a value
 * of that key is asked for ({@link KeyStreamsBlock}): looking up one key of a map reads that key's
 * stream alone, neither the other keys' values nor their bytes on disk (DWRF's flat maps keep keys
 * apart the same way). It is chosen, from the block before, when keys repeat, a block has fewer than
 * {@value #MAX_STREAM_KEYS} of them and each is in at least an eighth of the rows on average, so the
 * streams' per-row codes stay small; a block that reaches that many keys ends early. Nullable map
 * columns put the union branch before N.
 */
final class DictionaryMapCodec extends ValueCodec implements BlockScopedCodec {
  /** A keyed block (mode 3) holds fewer keys than this: each key is a side segment of its own. */
  static final int MAX_STREAM_KEYS = 64;

  private final ValueCodec keys;
  private final ValueCodec values;
  /** -1 for a plain map column, else the index of the map branch in a nullable union. */
  private final int mapBranch;
  private final Map<Object, Integer> writeIds = new HashMap<>();
  private final List<Object> writeKeys = new ArrayList<>();
  private final ByteSink ids = new ByteSink(64);
  private boolean inline;
  private long occurrences;
  /** Distinct keys of an inline block, kept only to decide the next block's mode. */
  private final java.util.Set<Object> inlineDistinct = new java.util.HashSet<>();
  private int dictionaryBytes;
  private Dictionary readDict;
  /** null unless the values are strings or bytes (the only values mode 2 dictionary-encodes). */
  private final MapValueDictionary.ValueType valueType;
  private final MapValueDictionary.Builder valueBuilder;
  /** The block's value dictionary when it is in mode 2, else null. */
  private MapValueDictionary readValues;
  /** The writer's state before the current map, so a refused map leaves no dictionary entry behind. */
  private int markKeys;
  private int markDictionaryBytes;
  private long markOccurrences;

  /** Version 1 files have no mode byte: every block is in dictionary mode. */
  private final boolean noModeByte;
  /** Mode 3 exists from format version 6 on. */
  private final boolean keyStreamsAllowed;
  /** Writer: mode 3 may be written (the version has it and cif.dcsl.key-streams is on). */
  private final boolean writeKeyStreams;
  /** The block being written is keyed (mode 3); the first block of a file tries it. */
  private boolean keyed;
  private final KeyStreamsWriter streams;
  private SideSegment[] sideDirectory;
  /** Rows (maps and nulls) written to the current block. */
  private int blockRows;
  /** The block's value streams when it is keyed, else null. */
  private KeyStreamsBlock readStreams;
  private BlockSides readSides = BlockSides.NONE;
  /** The row within the block that the next {@link #read} is of. */
  private int readRow;

  private DictionaryMapCodec(Schema map, int mapBranch, FormatVersion formatVersion, boolean writeKeyStreams) {
    this.noModeByte = !formatVersion.has(FormatVersion.DCSL_MODE_BYTE);
    this.keyStreamsAllowed = formatVersion.has(FormatVersion.DCSL_KEY_STREAMS);
    this.writeKeyStreams = keyStreamsAllowed && writeKeyStreams;
    this.keyed = this.writeKeyStreams;
    this.keys = ValueCodecs.forSchema(CifSchemas.mapKeySchema(map));
    this.values = ValueCodecs.forSchema(map.getValueType());
    this.mapBranch = mapBranch;
    // Version-1 files predate mode bytes, so they cannot hold mode 2 either.
    this.valueType = noModeByte ? null : MapValueDictionary.ValueType.of(map.getValueType());
    this.valueBuilder = valueType == null ? null : new MapValueDictionary.Builder(valueType);
    this.streams = new KeyStreamsWriter(values);
  }

  /**
   * @param writeKeyStreams whether a writer may write keyed blocks (cif.dcsl.key-streams); a reader
   *     reads them in any file whose version has them
   */
  static DictionaryMapCodec forColumn(Schema column, FormatVersion formatVersion, boolean writeKeyStreams) {
    Schema map = CifSchemas.nonNull(column);
    int branch = -1;
    if (column.getType() == Schema.Type.UNION) branch = column.getTypes().indexOf(map);
    return new DictionaryMapCodec(map, branch, formatVersion, writeKeyStreams);
  }

  @Override public void beginBlock() {
    int distinct = inline ? inlineDistinct.size() : writeKeys.size();
    if (occurrences > 0) {
      inline = distinct * 2L > occurrences;
      keyed = writeKeyStreams && !inline && distinct < MAX_STREAM_KEYS && (long) distinct * blockRows <= 8 * occurrences;
    }
    inlineDistinct.clear();
    streams.beginBlock();
    sideDirectory = null;
    blockRows = 0;
    if (valueBuilder != null) valueBuilder.beginBlock();
    writeIds.clear();
    writeKeys.clear();
    occurrences = 0;
    dictionaryBytes = 0;
  }

  /** The values of this block are written as ids (mode 2). */
  private boolean valueIds() { return !inline && !keyed && valueBuilder != null && valueBuilder.dictionary(); }

  private int mode() {
    return inline ? MODE_INLINE : keyed ? MODE_KEY_STREAMS : valueIds() ? MODE_VALUE_DICTIONARY : MODE_DICTIONARY;
  }

  /** Counts the value streams too, which are part of the block though not of its head. */
  @Override public int preambleBytes() {
    long streamBytes = keyed ? streams.bytes() + 12L * writeKeys.size() : 0;
    return (int) Math.min(Integer.MAX_VALUE, 1 + dictionaryBytes + (valueIds() ? valueBuilder.preambleBytes() : 0) + streamBytes);
  }

  /** Writer: the block is keyed and has as many keys as one may; it should end here. */
  boolean full() { return keyed && writeKeys.size() >= MAX_STREAM_KEYS; }

  /** Writer: the side segments of the block being built, one per key (none unless keyed). */
  int sideCount() { return keyed ? writeKeys.size() : 0; }

  /** Writer: side i's payload, key id i's value stream. */
  void writeSide(int i, ByteSink out) { streams.write(i, out); }

  /** Writer: how the sides were stored, for the head's directory; set before the head is written. */
  void sideDirectory(SideSegment[] directory) { sideDirectory = directory; }

  /** Reader: where the current block's sides lie (set before each block is loaded). */
  void sides(BlockSides sides) { readSides = sides; }

  @Override public void atRow(int row) { readRow = row; }

  @Override public void writePreamble(ByteSink out) {
    out.writeByte(mode());
    if (inline) return;
    out.writeUVarInt(writeKeys.size());
    for (Object k : writeKeys) keys.write(k, out);
    if (valueIds()) valueBuilder.writePreamble(out);
    if (keyed) {
      if (sideDirectory == null || sideDirectory.length != writeKeys.size()) {
        throw new IllegalStateException("keyed block's side directory was not set before its head");
      }
      for (SideSegment s : sideDirectory) s.write(out);
    }
  }

  @Override public void undoLastWrite() {
    for (int id = writeKeys.size() - 1; id >= markKeys; id--) writeIds.remove(writeKeys.remove(id));
    dictionaryBytes = markDictionaryBytes;
    occurrences = markOccurrences;
    if (valueBuilder != null) valueBuilder.undo();
    blockRows--;
    if (keyed) {
      streams.undoRow();
      streams.truncateKeys(markKeys);
    }
  }

  @Override public void readPreamble(ByteSource in) { readPreamble(in, 0); }

  @Override public void readPreamble(ByteSource in, int rows) {
    int at = in.position();
    int mode = noModeByte ? MODE_DICTIONARY : in.readByte();
    readValues = null;
    readStreams = null;
    if (mode != MODE_KEY_STREAMS && readSides.length() != 0) {
      in.position(at);
      throw in.corrupt("block has " + readSides.length() + " bytes after its payload, which only a keyed block (mode 3) may");
    }
    if (mode == MODE_INLINE) {
      readDict = null;
      return;
    }
    if (mode == MODE_KEY_STREAMS && !keyStreamsAllowed) {
      in.position(at);
      throw in.corrupt("DCSL block mode 3 (value streams per key) in a file of a format version before 6");
    }
    if (mode != MODE_DICTIONARY && mode != MODE_VALUE_DICTIONARY && mode != MODE_KEY_STREAMS) {
      in.position(at);
      throw in.corrupt("unknown DCSL block mode " + mode + " (this reader knows modes 0 to 3; was the file"
          + " written by a newer CIF?)");
    }
    if (mode == MODE_VALUE_DICTIONARY && valueType == null) {
      in.position(at);
      throw in.corrupt("DCSL block mode 2 (value dictionary) in a map column whose values are not strings or bytes");
    }
    int n = in.readCount(keys.minBytes());
    Object[] k = new Object[n];
    for (int i = 0; i < n; i++) k[i] = keys.read(in);
    readDict = new Dictionary(k);
    if (mode == MODE_VALUE_DICTIONARY) readValues = MapValueDictionary.read(in, valueType);
    if (mode == MODE_KEY_STREAMS) readStreams = KeyStreamsBlock.read(in, readDict, readSides, rows, values);
  }

  @Override public void write(Object v, ByteSink out) {
    markKeys = writeKeys.size();
    markDictionaryBytes = dictionaryBytes;
    markOccurrences = occurrences;
    if (valueBuilder != null) valueBuilder.mark();
    blockRows++;
    if (keyed) streams.beginRow();
    if (mapBranch >= 0) {
      if (v == null) {
        out.writeUVarInt(1 - mapBranch);
        return;
      }
      out.writeUVarInt(mapBranch);
    }
    Map<?, ?> m = (Map<?, ?>) v;
    out.writeUVarInt(m.size());
    if (inline) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (e.getKey() == null) throw new IllegalArgumentException("map key is null");
        keys.write(e.getKey(), out);
        writeValue(e.getValue(), out);
        inlineDistinct.add(normalize(e.getKey()));
      }
      occurrences += m.size();
      return;
    }
    ids.reset();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      Object k = e.getKey();
      if (k == null) throw new IllegalArgumentException("map key is null");
      Object norm = normalize(k);
      Integer id = writeIds.get(norm);
      if (id == null) {
        id = writeKeys.size();
        ByteSink encoded = new ByteSink(16);
        keys.write(norm, encoded); // fails here, before the dictionary changes, on a bad key
        dictionaryBytes += encoded.size();
        writeIds.put(norm, id);
        writeKeys.add(norm);
      }
      ids.writeUVarInt(id);
      if (keyed) streams.put(id, e.getValue());
    }
    out.writeBytes(ids.array(), 0, ids.size());
    if (!keyed) for (Object val : m.values()) writeValue(val, out);
    occurrences += m.size();
  }

  private void writeValue(Object val, ByteSink out) {
    if (valueBuilder == null) values.write(val, out);
    else valueBuilder.write(val, out, valueIds());
  }

  /** False for the null branch of a nullable map; a branch that is neither is corrupt, not null. */
  private boolean isMap(ByteSource in) {
    if (mapBranch < 0) return true;
    int b = in.readUVarInt();
    if (b != 0 && b != 1) throw in.corrupt("union branch " + Integer.toUnsignedString(b) + " of 2");
    return b == mapBranch;
  }

  @Override public Object read(ByteSource in) {
    if (!isMap(in)) return null;
    if (readStreams != null) return new KeyedMap(readStreams, readRow, readIds(in));
    int start = in.position();
    skipMap(in);
    byte[] copy = new byte[in.position() - start];
    System.arraycopy(in.array(), start, copy, 0, copy.length);
    return new DictionaryMap(copy, readDict, readValues, keys, values, in);
  }

  @Override public void skip(ByteSource in) {
    if (isMap(in)) skipMap(in);
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
    if (id < 0 || id >= readDict.size()) {
      in.position(at);
      throw in.corrupt("key id " + Integer.toUnsignedString(id) + " outside the dictionary of " + readDict.size());
    }
    return id;
  }

  private void skipMap(ByteSource in) {
    if (readDict == null) {
      int n = in.readCount(keys.minBytes() + values.minBytes());
      for (int i = 0; i < n; i++) {
        keys.skip(in);
        values.skip(in);
      }
      return;
    }
    // A keyed map holds key ids alone (its values are in the side segments).
    int n = in.readCount(1 + (readStreams != null ? 0 : readValues != null ? 1 : values.minBytes()));
    for (int i = 0; i < n; i++) checkedId(in);
    if (readStreams != null) return;
    if (readValues == null) {
      for (int i = 0; i < n; i++) values.skip(in);
    } else {
      for (int i = 0; i < n; i++) readValues.id(in); // checks each id: a map that is read is checked whole
    }
  }

  /** String keys compare as Utf8 whatever CharSequence they arrive as. */
  static Object normalize(Object key) {
    return key instanceof CharSequence && !(key instanceof Utf8) ? new Utf8(key.toString()) : key;
  }

  /** The key dictionary of one block; a key-to-id index is built on the first lookup only. */
  static final class Dictionary {
    private final Object[] keys;
    private Map<Object, Integer> index;

    Dictionary(Object[] keys) { this.keys = keys; }

    int size() { return keys.length; }

    Object key(int id) { return keys[id]; }

    int idOf(Object key) {
      if (index == null) {
        index = new HashMap<>(keys.length * 2);
        for (int i = 0; i < keys.length; i++) index.put(normalize(keys[i]), i);
      }
      Integer id = index.get(normalize(key));
      return id == null ? -1 : id;
    }
  }
}
