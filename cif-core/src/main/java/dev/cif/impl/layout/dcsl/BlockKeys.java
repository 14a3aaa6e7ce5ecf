package dev.cif.impl.layout.dcsl;

import java.util.HashMap;
import java.util.Map;
import org.apache.avro.util.Utf8;

/**
 * The key dictionary of one DCSL block (docs/FORMAT.md §6.3, modes 0, 2 and 3): the block's distinct
 * keys, which its maps refer to by id. The key-to-id index is built on the first lookup only, so a
 * scan that never looks a key up never builds it.
 */
final class BlockKeys {
  private final Object[] keys;
  private Map<Object, Integer> index;

  BlockKeys(Object[] keys) { this.keys = keys; }

  int size() { return keys.length; }

  Object key(int id) { return keys[id]; }

  /** The key's id, or -1 if the block lacks it. */
  int idOf(Object key) {
    if (index == null) {
      index = new HashMap<>(keys.length * 2);
      for (int i = 0; i < keys.length; i++) index.put(normalize(keys[i]), i);
    }
    Integer id = index.get(normalize(key));
    return id == null ? -1 : id;
  }

  /** String keys compare as Utf8 whatever CharSequence they arrive as. */
  static Object normalize(Object key) {
    return key instanceof CharSequence && !(key instanceof Utf8) ? new Utf8(key.toString()) : key;
  }
}
