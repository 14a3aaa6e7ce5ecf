package dev.cif.column;

import dev.cif.io.ByteSource;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A map read from a DCSL column, decoded on demand. {@link #get} decodes one key's value alone,
 * stepping over the others: in a dictionary block it finds the key by id, in an inline block (keys
 * that did not repeat) by comparing keys. Iterating decodes the whole map once. String keys may be
 * asked for as String or Utf8. The view holds its own copy of the value's bytes and its block's
 * dictionary, so it stays valid after the reader moves on.
 */
public final class DictionaryMap extends AbstractMap<Object, Object> {
  private final byte[] bytes;
  /** null for a map from an inline block. */
  private final DictionaryMapCodec.Dictionary dict;
  private final ValueCodec keys;
  private final ValueCodec values;
  private final ByteSource origin;
  private Map<Object, Object> decoded;
  private int decodedValues;

  DictionaryMap(byte[] bytes, DictionaryMapCodec.Dictionary dict, ValueCodec keys, ValueCodec values, ByteSource origin) {
    this.bytes = bytes;
    this.dict = dict;
    this.keys = keys;
    this.values = values;
    this.origin = origin;
  }

  /** True for a map from a block written with inline keys (its keys did not repeat enough). */
  boolean inlineKeys() { return dict == null; }

  /** How many values this view has built so far (what a one-key lookup must keep at one). */
  public int decodedValues() { return decodedValues; }

  private ByteSource source() {
    ByteSource in = new ByteSource(bytes, 0, bytes.length);
    return origin == null ? in : in.describeLike(origin);
  }

  /** Leaves the source at the value of key and returns true, or returns false if the map lacks it. */
  private boolean find(ByteSource in, Object key) {
    int n = in.readUVarInt();
    if (dict == null) {
      Object want = DictionaryMapCodec.normalize(key);
      for (int i = 0; i < n; i++) {
        if (Objects.equals(DictionaryMapCodec.normalize(keys.read(in)), want)) return true;
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
    for (int i = 0; i < index; i++) values.skip(in);
    return true;
  }

  @Override
  public Object get(Object key) {
    if (decoded != null) return decoded.get(DictionaryMapCodec.normalize(key));
    ByteSource in = source();
    if (!find(in, key)) return null;
    decodedValues++;
    return values.read(in);
  }

  @Override
  public boolean containsKey(Object key) {
    return decoded != null ? decoded.containsKey(DictionaryMapCodec.normalize(key)) : find(source(), key);
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
        for (int i = 0; i < n; i++) m.put(dict.key(ids[i]), values.read(in));
      }
      decodedValues += n;
      decoded = m;
    }
    return decoded;
  }
}
