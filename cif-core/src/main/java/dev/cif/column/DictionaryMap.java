package dev.cif.column;

import dev.cif.io.ByteSource;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A map read from a DCSL column, decoded on demand. {@link #get} finds one key's value by its id
 * and decodes that value alone, stepping over the others; iterating decodes the whole map once.
 * String keys may be asked for as String or Utf8. The view holds its own copy of the value's bytes
 * and its block's dictionary, so it stays valid after the reader moves on.
 */
public final class DictionaryMap extends AbstractMap<Object, Object> {
  private final byte[] bytes;
  private final DictionaryMapCodec.Dictionary dict;
  private final ValueCodec values;
  private final ByteSource origin;
  private Map<Object, Object> decoded;
  private int decodedValues;

  DictionaryMap(byte[] bytes, DictionaryMapCodec.Dictionary dict, ValueCodec values, ByteSource origin) {
    this.bytes = bytes;
    this.dict = dict;
    this.values = values;
    this.origin = origin;
  }

  /** How many values this view has built so far (what a one-key lookup must keep at one). */
  public int decodedValues() { return decodedValues; }

  private ByteSource source() {
    ByteSource in = new ByteSource(bytes, 0, bytes.length);
    return origin == null ? in : in.describeLike(origin);
  }

  @Override
  public Object get(Object key) {
    if (decoded != null) return decoded.get(normalize(key));
    int id = dict.idOf(key);
    if (id < 0) return null;
    ByteSource in = source();
    int n = in.readUVarInt();
    int index = -1;
    for (int i = 0; i < n; i++) {
      if (in.readUVarInt() == id && index < 0) index = i;
    }
    if (index < 0) return null;
    for (int i = 0; i < index; i++) values.skip(in);
    decodedValues++;
    return values.read(in);
  }

  @Override
  public boolean containsKey(Object key) {
    if (decoded != null) return decoded.containsKey(normalize(key));
    int id = dict.idOf(key);
    if (id < 0) return false;
    ByteSource in = source();
    int n = in.readUVarInt();
    for (int i = 0; i < n; i++) if (in.readUVarInt() == id) return true;
    return false;
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
      int[] ids = new int[n];
      for (int i = 0; i < n; i++) ids[i] = in.readUVarInt();
      Map<Object, Object> m = new HashMap<>(Math.max(4, (int) (n / 0.75f) + 1));
      for (int i = 0; i < n; i++) m.put(dict.key(ids[i]), values.read(in));
      decodedValues += n;
      decoded = m;
    }
    return decoded;
  }

  private static Object normalize(Object key) {
    return key instanceof CharSequence && !(key instanceof org.apache.avro.util.Utf8)
        ? new org.apache.avro.util.Utf8(key.toString()) : key;
  }
}
