package dev.cif.column;

import dev.cif.io.ByteSink;
import dev.cif.io.ByteSource;
import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * The dictionary-compressed skip list's map encoding (paper §5.3, docs/FORMAT.md "DCSL"):
 * <pre>
 * Preamble := KeyCount:uvarint Key{KeyCount}                 (the block's key dictionary)
 * MapValue := N:uvarint KeyId:uvarint{N} Value{N}
 * </pre>
 * Key ids come first so that one key's value is found by reading ids and stepping over the values
 * before it, never building them: reading returns a {@link DictionaryMap} view that decodes only
 * the values asked for. Nullable map columns ([null, map]) put the union branch before N.
 */
final class DictionaryMapCodec extends ValueCodec implements BlockScopedCodec {
  private final ValueCodec keys;
  private final ValueCodec values;
  /** -1 for a plain map column, else the index of the map branch in a nullable union. */
  private final int mapBranch;
  private final Map<Object, Integer> writeIds = new HashMap<>();
  private final List<Object> writeKeys = new ArrayList<>();
  private final ByteSink ids = new ByteSink(64);
  private Dictionary readDict;
  private int dictionaryBytes;

  private DictionaryMapCodec(Schema map, int mapBranch) {
    this.keys = ValueCodecs.forSchema(CifSchemas.mapKeySchema(map));
    this.values = ValueCodecs.forSchema(map.getValueType());
    this.mapBranch = mapBranch;
  }

  static DictionaryMapCodec forColumn(Schema column) {
    Schema map = CifSchemas.nonNull(column);
    int branch = -1;
    if (column.getType() == Schema.Type.UNION) branch = column.getTypes().indexOf(map);
    return new DictionaryMapCodec(map, branch);
  }

  @Override public void beginBlock() {
    writeIds.clear();
    writeKeys.clear();
    dictionaryBytes = 0;
  }

  @Override public int preambleBytes() { return dictionaryBytes; }

  @Override public void writePreamble(ByteSink out) {
    out.writeUVarInt(writeKeys.size());
    for (Object k : writeKeys) keys.write(k, out);
  }

  @Override public void readPreamble(ByteSource in) {
    int n = in.readCount(keys.minBytes());
    Object[] k = new Object[n];
    for (int i = 0; i < n; i++) k[i] = keys.read(in);
    readDict = new Dictionary(k, keys);
  }

  @Override public void write(Object v, ByteSink out) {
    if (mapBranch >= 0) {
      if (v == null) {
        out.writeUVarInt(1 - mapBranch);
        return;
      }
      out.writeUVarInt(mapBranch);
    }
    Map<?, ?> m = (Map<?, ?>) v;
    out.writeUVarInt(m.size());
    ids.reset();
    for (Object k : m.keySet()) {
      if (k == null) throw new IllegalArgumentException("map key is null");
      Object norm = k instanceof CharSequence && !(k instanceof Utf8) ? new Utf8(k.toString()) : k;
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
    }
    out.writeBytes(ids.array(), 0, ids.size());
    for (Object val : m.values()) values.write(val, out);
  }

  @Override public Object read(ByteSource in) {
    if (mapBranch >= 0 && in.readUVarInt() != mapBranch) return null;
    int start = in.position();
    skipMap(in);
    byte[] copy = new byte[in.position() - start];
    System.arraycopy(in.array(), start, copy, 0, copy.length);
    return new DictionaryMap(copy, readDict, values, in);
  }

  @Override public void skip(ByteSource in) {
    if (mapBranch >= 0 && in.readUVarInt() != mapBranch) return;
    skipMap(in);
  }

  private void skipMap(ByteSource in) {
    int n = in.readCount(1 + values.minBytes());
    for (int i = 0; i < n; i++) {
      int id = in.readUVarInt();
      if (id >= readDict.size()) throw in.corrupt("key id " + id + " outside the dictionary of " + readDict.size());
    }
    for (int i = 0; i < n; i++) values.skip(in);
  }

  /** The key dictionary of one block; a key-to-id index is built on the first lookup only. */
  static final class Dictionary {
    private final Object[] keys;
    private final ValueCodec keyCodec;
    private Map<Object, Integer> index;

    Dictionary(Object[] keys, ValueCodec keyCodec) {
      this.keys = keys;
      this.keyCodec = keyCodec;
    }

    int size() { return keys.length; }

    Object key(int id) { return keys[id]; }

    int idOf(Object key) {
      if (index == null) {
        index = new HashMap<>(keys.length * 2);
        for (int i = 0; i < keys.length; i++) index.put(keys[i], i);
      }
      Object norm = key instanceof CharSequence && !(key instanceof Utf8) ? new Utf8(key.toString()) : key;
      Integer id = index.get(norm);
      return id == null ? -1 : id;
    }
  }
}
