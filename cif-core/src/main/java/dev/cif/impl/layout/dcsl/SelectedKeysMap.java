package dev.cif.impl.layout.dcsl;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.avro.util.Utf8;

/**
 * A map holding only the entries of the keys pushed to its reader (a {@link dev.cif.pushdown.MapKeys}
 * column): what a DCSL reader with selected keys hands out instead of a view of the whole map,
 * decoded as the row is read (a few values at most, so no view and no copy of the row's bytes). Its
 * size and entries are those of the selected keys the row has; a query that needs the whole map gets
 * no selected keys. String keys may be asked for as String or Utf8.
 */
public final class SelectedKeysMap extends DcslMap {
  private final Utf8[] keys;
  private final Object[] values;
  private int size;

  SelectedKeysMap(int capacity) {
    keys = new Utf8[capacity];
    values = new Object[capacity];
  }

  /** The entries of whole whose keys are among selected: for map columns not stored as DCSL, decoded whole. */
  public static SelectedKeysMap from(Map<?, ?> whole, Collection<Utf8> selected) {
    SelectedKeysMap m = new SelectedKeysMap(selected.size());
    for (Utf8 k : selected) {
      Object v = whole.get(k);
      if (v == null && !whole.containsKey(k)) v = whole.get(k.toString());
      if (v != null || whole.containsKey(k) || whole.containsKey(k.toString())) m.put(k, v);
    }
    return m;
  }

  void put(Utf8 key, Object value) {
    keys[size] = key;
    values[size++] = value;
  }

  private int indexOf(Object key) {
    if (!(key instanceof CharSequence)) return -1;
    Object k = BlockKeys.normalize(key);
    for (int i = 0; i < size; i++) if (keys[i].equals(k)) return i;
    return -1;
  }

  @Override public int decodedValues() { return size; }
  @Override public int size() { return size; }
  @Override public boolean containsKey(Object key) { return indexOf(key) >= 0; }

  @Override
  public Object get(Object key) {
    int i = indexOf(key);
    return i < 0 ? null : values[i];
  }

  @Override
  public Set<Entry<Object, Object>> entrySet() {
    return new AbstractSet<Entry<Object, Object>>() {
      @Override public int size() { return size; }

      @Override
      public Iterator<Entry<Object, Object>> iterator() {
        return new Iterator<Entry<Object, Object>>() {
          private int i;
          @Override public boolean hasNext() { return i < size; }

          @Override
          public Entry<Object, Object> next() {
            if (i >= size) throw new NoSuchElementException();
            int at = i++;
            return new AbstractMap.SimpleImmutableEntry<>(keys[at], values[at]);
          }
        };
      }
    };
  }
}
