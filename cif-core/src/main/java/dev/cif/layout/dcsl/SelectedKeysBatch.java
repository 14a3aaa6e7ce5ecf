package dev.cif.layout.dcsl;

import java.util.Arrays;
import java.util.Collection;
import org.apache.avro.util.Utf8;

/**
 * The selected keys' values of a run of rows, a column per key: for each row whether its map is
 * null, and per selected key whether the row has it and its value. What a reader with selected keys
 * fills for a batch ({@link dev.cif.column.ColumnFileReader#readSelectedKeys}) instead of a map
 * object per row: in a keyed block (mode 3) a row's presence and value come from the key's stream
 * alone, so the row's key ids are not decoded.
 */
public final class SelectedKeysBatch implements DcslReader.SelectedSink {
  /** The selected keys, in the order of {@link #has} and {@link #values}. */
  public final Utf8[] keys;
  public boolean[] isNull;
  /** has[j][r]: row r's map has keys[j]. */
  public final boolean[][] has;
  /** values[j][r]: its value (meaningful where has[j][r]). */
  public final Object[][] values;

  public SelectedKeysBatch(Collection<String> selected, int capacity) {
    keys = new Utf8[selected.size()];
    int i = 0;
    for (String k : selected) keys[i++] = new Utf8(k);
    isNull = new boolean[capacity];
    has = new boolean[keys.length][capacity];
    values = new Object[keys.length][capacity];
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
  void setNull(int r) {
    isNull[r] = true;
    for (int j = 0; j < keys.length; j++) {
      has[j][r] = false;
      values[j][r] = null;
    }
  }

  /** Row r's map is not null and has none of the keys yet. */
  void clear(int r) {
    isNull[r] = false;
    for (int j = 0; j < keys.length; j++) {
      has[j][r] = false;
      values[j][r] = null;
    }
  }

  /** The row {@link #put(int, Object)} puts into. */
  int row;

  @Override public void put(int j, Object value) { put(j, row, value); }

  void put(int j, int r, Object value) {
    has[j][r] = true;
    values[j][r] = value;
  }
}
