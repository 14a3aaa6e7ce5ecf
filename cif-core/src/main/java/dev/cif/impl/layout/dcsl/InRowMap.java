package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A map read from a DCSL column, decoded on demand. {@link #get} decodes one key's value alone,
 * stepping over the others: in a dictionary block it finds the key by id, in an inline block (keys
 * that did not repeat) by comparing keys; in a block with a value dictionary the values before it are
 * one varint each. Iterating decodes the whole map once. String keys may be
 * asked for as String or Utf8. The view holds its own copy of the value's bytes and its block's
 * dictionary, so it stays valid after the reader moves on.
 */
public final class InRowMap extends DcslMap {
  private final byte[] bytes;
  /** null for a map from an inline block. */
  private final BlockKeys dict;
  /** The block's value dictionary (DCSL mode 2: values are ids into it), else null. */
  private final DcslValueDictionary valueDict;
  private final ValueCodec keys;
  private final ValueCodec values;
  private final ByteSource origin;
  private Map<Object, Object> decoded;
  private int decodedValues;

  InRowMap(byte[] bytes, BlockKeys dict, DcslValueDictionary valueDict, ValueCodec keys,
      ValueCodec values, ByteSource origin) {
    this.bytes = bytes;
    this.dict = dict;
    this.valueDict = valueDict;
    this.keys = keys;
    this.values = values;
    this.origin = origin;
  }

  /** True for a map from a block written with inline keys (its keys did not repeat enough). */
  public boolean inlineKeys() { return dict == null; }

  /** True for a map from a block whose values are ids into its value dictionary (DCSL mode 2). */
  public boolean valueIds() { return valueDict != null; }

  @Override
  public int decodedValues() { return decodedValues; }

  private ByteSource source() {
    ByteSource in = new ByteSource(bytes, 0, bytes.length);
    return origin == null ? in : in.describeLike(origin);
  }

  /** Leaves the source at the value of key and returns true, or returns false if the map lacks it. */
  private boolean find(ByteSource in, Object key) {
    int n = in.readUVarInt();
    if (dict == null) {
      Object want = BlockKeys.normalize(key);
      for (int i = 0; i < n; i++) {
        if (Objects.equals(BlockKeys.normalize(keys.read(in)), want)) return true;
        values.skip(in);
      }
      return false;
    }
    int id = dict.idOf(key);
    if (id < 0) return false;
    int index = -1;
    for (int i = 0; i < n; i++) {
      if (in.readUVarInt() == id && index < 0) index = i;
    }
    if (index < 0) return false;
    for (int i = 0; i < index; i++) skipValue(in);
    return true;
  }

  /** A value id (mode 2) is one varint; checked when the map was read, so only stepped over here. */
  private void skipValue(ByteSource in) {
    if (valueDict != null) in.skipVarint();
    else values.skip(in);
  }

  private Object readValue(ByteSource in) {
    return valueDict != null ? valueDict.read(in) : values.read(in);
  }

  @Override
  public Object get(Object key) {
    if (decoded != null) return decoded.get(BlockKeys.normalize(key));
    ByteSource in = source();
    if (!find(in, key)) return null;
    decodedValues++;
    return readValue(in);
  }

  @Override
  public boolean containsKey(Object key) {
    return decoded != null ? decoded.containsKey(BlockKeys.normalize(key)) : find(source(), key);
  }

  @Override
  public int size() {
    return decoded != null ? decoded.size() : source().readUVarInt();
  }

  @Override
  public Set<Entry<Object, Object>> entrySet() { return decodeAll().entrySet(); }

  private Map<Object, Object> decodeAll() {
    if (decoded == null) {
      ByteSource in = source();
      int n = in.readUVarInt();
      Map<Object, Object> m = new HashMap<>(Math.max(4, (int) (n / 0.75f) + 1));
      if (dict == null) {
        for (int i = 0; i < n; i++) {
          Object k = keys.read(in);
          m.put(k, values.read(in));
        }
      } else {
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) ids[i] = in.readUVarInt();
        for (int i = 0; i < n; i++) m.put(dict.key(ids[i]), readValue(in));
      }
      decodedValues += n;
      decoded = m;
    }
    return decoded;
  }
}
