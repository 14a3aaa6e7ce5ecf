package dev.cif.pushdown;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Map keys pushed to a reader: for some map columns, the only keys a query reads ("column c: keys
 * {...}"). A reader hands out such a column's maps holding those keys alone, and on a DCSL column
 * decodes no other key's value (of a keyed block, format version 6, it reads no other key's stream).
 * An engine pushes a column's keys only when nothing in its query needs the whole map: size, the
 * key set, iteration, a key known only at run time. Columns not named are read whole.
 */
public final class MapKeys {
  public static final MapKeys NONE = new MapKeys(Collections.emptyMap());

  private final Map<String, Set<String>> keys;

  private MapKeys(Map<String, Set<String>> keys) { this.keys = keys; }

  /** The keys of each column (copied; a column with no key reads maps with no entries). */
  public static MapKeys of(Map<String, ? extends Set<String>> byColumn) {
    if (byColumn.isEmpty()) return NONE;
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    byColumn.forEach((c, k) -> copy.put(c, Collections.unmodifiableSet(new LinkedHashSet<>(k))));
    return new MapKeys(Collections.unmodifiableMap(copy));
  }

  /** The keys pushed for column, or null when it is read whole. */
  public Set<String> of(String column) { return keys.get(column); }

  public Map<String, Set<String>> byColumn() { return keys; }

  public boolean isEmpty() { return keys.isEmpty(); }

  /**
   * One line for a job setting: {@code column=key,key;column=key}, each name URL-encoded (so keys may
   * hold any character).
   */
  public String encode() {
    List<String> parts = new ArrayList<>();
    keys.forEach((c, ks) -> {
      List<String> enc = new ArrayList<>();
      for (String k : ks) enc.add(enc(k));
      parts.add(enc(c) + "=" + String.join(",", enc));
    });
    return String.join(";", parts);
  }

  /** The inverse of {@link #encode}; an empty string is {@link #NONE}. */
  public static MapKeys decode(String s) {
    if (s == null || s.trim().isEmpty()) return NONE;
    Map<String, Set<String>> m = new LinkedHashMap<>();
    for (String part : s.split(";")) {
      int eq = part.indexOf('=');
      if (eq <= 0) throw new IllegalArgumentException("map keys: '" + part + "' is not column=key,key (in '" + s + "')");
      Set<String> ks = new LinkedHashSet<>();
      for (String k : part.substring(eq + 1).split(",")) if (!k.isEmpty()) ks.add(dec(k));
      m.put(dec(part.substring(0, eq)), ks);
    }
    return of(m);
  }

  private static String enc(String s) { return URLEncoder.encode(s, StandardCharsets.UTF_8); }

  private static String dec(String s) { return URLDecoder.decode(s, StandardCharsets.UTF_8); }

  @Override public boolean equals(Object o) { return o instanceof MapKeys && ((MapKeys) o).keys.equals(keys); }
  @Override public int hashCode() { return keys.hashCode(); }
  @Override public String toString() { return keys.toString(); }
}
