package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;

/**
 * Writes the maps of a DCSL column (the paper's dictionary-compressed skip list, §5.3; docs/FORMAT.md
 * §6.3), one block at a time: the block's {@link DcslMode mode} byte and dictionaries as its preamble,
 * each map as key ids (or inline keys) and values (or value ids, or nothing when the values go to
 * per-key streams). Key ids come first so that a reader finds one key's value by reading ids and
 * stepping over the values before it, never building them ({@link DcslReader}).
 *
 * <p>Each block's mode is decided before its first map, from the block before, so nothing is encoded
 * twice: inline keys if that block had more distinct keys than half its key occurrences; else keyed
 * (mode 3) if it had fewer than {@value #MAX_STREAM_KEYS} keys and each was in at least an eighth of
 * the rows on average, so the streams' per-row codes stay small; else a key dictionary, with a value
 * dictionary (mode 2) for string and bytes values that repeated. The first block of a file tries
 * keyed. A keyed block that reaches {@value #MAX_STREAM_KEYS} keys ends early ({@link #full}).
 */
public final class DcslWriter extends ValueCodec implements BlockScopedWriter {
  /** A keyed block (mode 3) holds fewer keys than this: each key is a side segment of its own. */
  static final int MAX_STREAM_KEYS = 64;

  private final DcslMapType type;
  private final Map<Object, Integer> ids = new HashMap<>();
  private final List<Object> keys = new ArrayList<>();
  private final ByteSink idBytes = new ByteSink(64);
  private boolean inline;
  private long occurrences;
  /** Distinct keys of an inline block, kept only to decide the next block's mode. */
  private final Set<Object> inlineDistinct = new HashSet<>();
  private int dictionaryBytes;
  private final DcslValueDictionary.Builder valueBuilder;
  /** The state before the current map, so a refused map leaves no dictionary entry behind. */
  private int markKeys;
  private int markDictionaryBytes;
  private long markOccurrences;
  /** Mode 3 may be written: the version has it and cif.dcsl.key-streams is on. */
  private final boolean keyStreams;
  /** The block being written is keyed (mode 3). */
  private boolean keyed;
  private final KeyStreamsWriter streams;
  private SideSegment[] sideDirectory;
  /** Rows (maps and nulls) written to the current block. */
  private int blockRows;

  /** @param keyStreams whether keyed blocks may be written (cif.dcsl.key-streams), if the version has them */
  public DcslWriter(Schema column, FormatVersion version, boolean keyStreams) {
    this.type = DcslMapType.of(column, version);
    this.keyStreams = keyStreams && version.has(FormatVersion.DCSL_KEY_STREAMS);
    this.keyed = this.keyStreams;
    this.valueBuilder = type.valueType == null ? null : new DcslValueDictionary.Builder(type.valueType);
    this.streams = new KeyStreamsWriter(type.values);
  }

  @Override public void beginBlock() {
    int distinct = inline ? inlineDistinct.size() : keys.size();
    if (occurrences > 0) {
      inline = distinct * 2L > occurrences;
      keyed = keyStreams && !inline && distinct < MAX_STREAM_KEYS && (long) distinct * blockRows <= 8 * occurrences;
    }
    inlineDistinct.clear();
    streams.beginBlock();
    sideDirectory = null;
    blockRows = 0;
    if (valueBuilder != null) valueBuilder.beginBlock();
    ids.clear();
    keys.clear();
    occurrences = 0;
    dictionaryBytes = 0;
  }

  /** The values of this block are written as ids (mode 2). */
  private boolean valueIds() { return !inline && !keyed && valueBuilder != null && valueBuilder.dictionary(); }

  private DcslMode mode() {
    return inline ? DcslMode.INLINE : keyed ? DcslMode.KEY_STREAMS : valueIds() ? DcslMode.VALUE_DICTIONARY : DcslMode.DICTIONARY;
  }

  /** Counts the value streams too, which are part of the block though not of its head. */
  @Override public int preambleBytes() {
    long streamBytes = keyed ? streams.bytes() + 12L * keys.size() : 0;
    return (int) Math.min(Integer.MAX_VALUE, 1 + dictionaryBytes + (valueIds() ? valueBuilder.preambleBytes() : 0) + streamBytes);
  }

  /** The block is keyed and has as many keys as one may; it should end here. */
  public boolean full() { return keyed && keys.size() >= MAX_STREAM_KEYS; }

  /** The side segments of the block being built, one per key (none unless keyed). */
  public int sideCount() { return keyed ? keys.size() : 0; }

  /** Side i's payload, key id i's value stream. */
  public void writeSide(int i, ByteSink out) { streams.write(i, out); }

  /** How the sides were stored, for the head's directory; set before the head is written. */
  public void sideDirectory(SideSegment[] directory) { sideDirectory = directory; }

  @Override public void writePreamble(ByteSink out) {
    out.writeByte(mode().id);
    if (inline) return;
    out.writeUVarInt(keys.size());
    for (Object k : keys) type.keys.write(k, out);
    if (valueIds()) valueBuilder.writePreamble(out);
    if (keyed) {
      if (sideDirectory == null || sideDirectory.length != keys.size()) {
        throw new IllegalStateException("keyed block's side directory was not set before its head");
      }
      for (SideSegment s : sideDirectory) s.write(out);
    }
  }

  @Override public void undoLastWrite() {
    for (int id = keys.size() - 1; id >= markKeys; id--) ids.remove(keys.remove(id));
    dictionaryBytes = markDictionaryBytes;
    occurrences = markOccurrences;
    if (valueBuilder != null) valueBuilder.undo();
    blockRows--;
    if (keyed) {
      streams.undoRow();
      streams.truncateKeys(markKeys);
    }
  }

  @Override public void write(Object v, ByteSink out) {
    markKeys = keys.size();
    markDictionaryBytes = dictionaryBytes;
    markOccurrences = occurrences;
    if (valueBuilder != null) valueBuilder.mark();
    blockRows++;
    if (keyed) streams.beginRow();
    if (type.mapBranch >= 0) {
      if (v == null) {
        out.writeUVarInt(1 - type.mapBranch);
        return;
      }
      out.writeUVarInt(type.mapBranch);
    }
    Map<?, ?> m = (Map<?, ?>) v;
    out.writeUVarInt(m.size());
    if (inline) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (e.getKey() == null) throw new IllegalArgumentException("map key is null");
        type.keys.write(e.getKey(), out);
        writeValue(e.getValue(), out);
        inlineDistinct.add(BlockKeys.normalize(e.getKey()));
      }
      occurrences += m.size();
      return;
    }
    idBytes.reset();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      Object k = e.getKey();
      if (k == null) throw new IllegalArgumentException("map key is null");
      Object norm = BlockKeys.normalize(k);
      Integer id = ids.get(norm);
      if (id == null) {
        id = keys.size();
        ByteSink encoded = new ByteSink(16);
        type.keys.write(norm, encoded); // fails here, before the dictionary changes, on a bad key
        dictionaryBytes += encoded.size();
        ids.put(norm, id);
        keys.add(norm);
      }
      idBytes.writeUVarInt(id);
      if (keyed) streams.put(id, e.getValue());
    }
    out.writeBytes(idBytes.array(), 0, idBytes.size());
    if (!keyed) for (Object val : m.values()) writeValue(val, out);
    occurrences += m.size();
  }

  private void writeValue(Object val, ByteSink out) {
    if (valueBuilder == null) type.values.write(val, out);
    else valueBuilder.write(val, out, valueIds());
  }

  @Override public Object read(ByteSource in) { throw new UnsupportedOperationException("a DCSL writer does not read; see DcslReader"); }

  @Override public void skip(ByteSource in) { throw new UnsupportedOperationException("a DCSL writer does not read; see DcslReader"); }
}
