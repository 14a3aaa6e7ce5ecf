package dev.cif;

import java.util.Arrays;
import java.util.Collection;
import org.apache.avro.util.Utf8;

/**
 * The selected keys' values of a run of rows, a column per key: for each row whether its map is
 * null, and per selected key whether the row has it and its value. What a reader with selected keys
 * fills for a batch ({@link dev.cif.impl.column.ColumnFileReader#readSelectedKeys}) instead of a map
 * object per row: in a keyed block (mode 3) a row's presence and value come from the key's stream
 * alone, so the row's key ids are not decoded.
 */
public final class SelectedKeysBatch {
  /** The selected keys, in the order of {@link #has} and {@link #values}. */
  public final Utf8[] keys;
  public boolean[] isNull;
  /** has[j][r]: row r's map has keys[j]. */
  public final boolean[][] has;
  /** values[j][r]: its value (meaningful where has[j][r] and not inArrays[j][r]). */
  public final Object[][] values;
  /**
   * arrays[j], row r: the value in array form where inArrays[j][r] (a keyed block's value, decoded
   * without an object; byte sequences referenced in the stream's buffer); null if not asked for.
   */
  public final VectorTarget[] arrays;
  public boolean[][] inArrays;
  private final VectorTarget.Kind kind;

  /** A batch whose values are objects. */
  public SelectedKeysBatch(Collection<String> selected, int capacity) {
    this(selected, capacity, null);
  }

  /**
   * @param kind the array form the maps' values are decoded into where the reader can (values of
   *     keyed blocks), or null: objects only
   */
  public SelectedKeysBatch(Collection<String> selected, int capacity, VectorTarget.Kind kind) {
    keys = new Utf8[selected.size()];
    int i = 0;
    for (String k : selected) keys[i++] = new Utf8(k);
    this.kind = kind;
    isNull = new boolean[capacity];
    has = new boolean[keys.length][capacity];
    values = new Object[keys.length][capacity];
    arrays = new VectorTarget[kind == null ? 0 : keys.length];
    inArrays = new boolean[arrays.length][capacity];
    for (int j = 0; j < arrays.length; j++) arrays[j] = VectorTarget.allocate(kind, capacity);
  }

  /** Makes room for rows [0, n). */
  public void ensure(int n) {
    if (n <= isNull.length) return;
    int cap = Math.max(n, isNull.length * 2);
    isNull = Arrays.copyOf(isNull, cap);
    for (int j = 0; j < keys.length; j++) {
      has[j] = Arrays.copyOf(has[j], cap);
      values[j] = Arrays.copyOf(values[j], cap);
    }
    for (int j = 0; j < arrays.length; j++) {
      inArrays[j] = Arrays.copyOf(inArrays[j], cap);
      VectorTarget t = VectorTarget.allocate(kind, cap);
      VectorTarget old = arrays[j];
      t.isNull = Arrays.copyOf(old.isNull, cap);
      if (old.longs != null) t.longs = Arrays.copyOf(old.longs, cap);
      if (old.doubles != null) t.doubles = Arrays.copyOf(old.doubles, cap);
      if (old.buffers != null) {
        t.buffers = Arrays.copyOf(old.buffers, cap);
        t.starts = Arrays.copyOf(old.starts, cap);
        t.lengths = Arrays.copyOf(old.lengths, cap);
      }
      arrays[j] = t;
    }
  }

  /** Sets row r from a map already cut to the selected keys (or null). */
  public void set(int r, java.util.Map<?, ?> m) {
    if (m == null) {
      setNull(r);
      return;
    }
    clear(r);
    for (int j = 0; j < keys.length; j++) {
      if (m.containsKey(keys[j])) put(j, r, m.get(keys[j]));
    }
  }

  /** Row r's map is null. */
  public void setNull(int r) {
    clear(r);
    isNull[r] = true;
  }

  /** Row r's map is not null and has none of the keys yet. */
  public void clear(int r) {
    isNull[r] = false;
    for (int j = 0; j < keys.length; j++) {
      has[j][r] = false;
      values[j][r] = null;
    }
    for (int j = 0; j < arrays.length; j++) inArrays[j][r] = false;
  }

  /** The array form of {@link #arrays}, or null if values are objects only. */
  public VectorTarget.Kind kind() { return kind; }

  /** Row r's map has keys[j], whose value is value. */
  public void put(int j, int r, Object value) {
    has[j][r] = true;
    values[j][r] = value;
  }
}
