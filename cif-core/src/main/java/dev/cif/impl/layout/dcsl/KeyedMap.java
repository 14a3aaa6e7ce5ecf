package dev.cif.impl.layout.dcsl;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A map read from a keyed DCSL block (mode 3): the row's key ids, with its values left in the
 * block's per-key streams. {@link #get} reads the one key's stream (once per block) and decodes one
 * value; {@link #containsKey} and {@link #size} read no stream; iterating decodes every value once.
 * String keys may be asked for as String or Utf8.
 */
public final class KeyedMap extends DcslMap {
  private final KeyStreamsBlock block;
  private final int row;
  private final int[] ids;
  private Map<Object, Object> decoded;
  private int decodedValues;

  KeyedMap(KeyStreamsBlock block, int row, int[] ids) {
    this.block = block;
    this.row = row;
    this.ids = ids;
  }

  @Override
  public int decodedValues() { return decodedValues; }

  private int idOf(Object key) {
    int id = block.dictionary().idOf(key);
    if (id < 0) return -1;
    for (int i : ids) if (i == id) return id;
    return -1;
  }

  @Override
  public Object get(Object key) {
    if (decoded != null) return decoded.get(BlockKeys.normalize(key));
    int id = idOf(key);
    if (id < 0) return null;
    decodedValues++;
    return block.value(id, row);
  }

  @Override
  public boolean containsKey(Object key) { return idOf(key) >= 0; }

  @Override
  public int size() { return ids.length; }

  @Override
  public Set<Entry<Object, Object>> entrySet() {
    if (decoded == null) {
      Map<Object, Object> m = new HashMap<>(Math.max(4, (int) (ids.length / 0.75f) + 1));
      for (int id : ids) m.put(block.dictionary().key(id), block.value(id, row));
      decodedValues += ids.length;
      decoded = m;
    }
    return decoded.entrySet();
  }
}
