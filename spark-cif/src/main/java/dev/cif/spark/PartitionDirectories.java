package dev.cif.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Hive-style partition directories of a table: {@code <table>/k1=v1/k2=v2/<split-directories>}, names
 * and values escaped as Hive escapes them ({@code %XX} for '/', '=', '%', ':' and the other characters Hive
 * lists), a null value written as {@value #DEFAULT_PARTITION}. Hidden entries ('.' or '_' first), such
 * as a write's staging directory, are never partitions.
 */
final class PartitionDirectories {
  /** Hive's name for the partition of null values. */
  static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  private PartitionDirectories() {}

  /** One leaf: its directory and its partition values by column, as written (unescaped; null for the default partition). */
  record Leaf(Path dir, LinkedHashMap<String, String> values) {}

  /**
   * The leaves under table: the table itself when its entries are not k=v directories, else every
   * k=v/.../k=v directory below it. An empty or missing table has no leaf.
   */
  static List<Leaf> list(FileSystem fs, Path table) throws IOException {
    List<Leaf> out = new ArrayList<>();
    collect(fs, table, new LinkedHashMap<>(), out);
    return out;
  }

  private static void collect(FileSystem fs, Path dir, LinkedHashMap<String, String> values, List<Leaf> out) throws IOException {
    FileStatus[] entries;
    try {
      entries = fs.listStatus(dir);
    } catch (FileNotFoundException e) {
      return;
    }
    List<FileStatus> partitions = new ArrayList<>();
    boolean other = false;
    for (FileStatus st : entries) {
      String name = st.getPath().getName();
      if (name.startsWith(".") || name.startsWith("_")) continue;
      if (st.isDirectory() && name.indexOf('=') > 0) partitions.add(st);
      else other = true;
    }
    if (partitions.isEmpty()) {
      if (other) out.add(new Leaf(dir, values));
      return;
    }
    if (other) throw new IOException("CIF: " + dir + " holds both partition directories (k=v) and other entries");
    partitions.sort((a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
    for (FileStatus st : partitions) {
      String name = st.getPath().getName();
      int eq = name.indexOf('=');
      LinkedHashMap<String, String> v = new LinkedHashMap<>(values);
      String value = unescape(name.substring(eq + 1));
      v.put(unescape(name.substring(0, eq)), DEFAULT_PARTITION.equals(value) ? null : value);
      collect(fs, st.getPath(), v, out);
    }
  }

  /** The relative directory of a row's partition values, in the order given: {@code k1=v1/k2=v2}. */
  static String path(Map<String, String> values) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (b.length() > 0) b.append('/');
      b.append(escape(e.getKey())).append('=').append(e.getValue() == null ? DEFAULT_PARTITION : escape(e.getValue()));
    }
    return b.toString();
  }

  /** Whether Hive escapes c in a path name (as its FileUtils does: control characters and the punctuation listed here). */
  private static boolean needsEscape(char c) {
    return c < ' ' || c == 0x7F || "\"#%'*/:=?\\{[]^".indexOf(c) >= 0;
  }

  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (needsEscape(c)) b.append('%').append(String.format("%02X", (int) c));
      else b.append(c);
    }
    return b.toString();
  }

  static String unescape(String s) {
    if (s.indexOf('%') < 0) return s;
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))) {
        b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean isHex(char c) { return Character.digit(c, 16) >= 0; }
}
