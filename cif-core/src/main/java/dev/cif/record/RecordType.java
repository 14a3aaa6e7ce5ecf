package dev.cif.record;

import java.util.Locale;

/** Which record class a reader produces (cif.read.record). */
public enum RecordType {
  LAZY, EAGER;

  public static RecordType parse(String s) { return valueOf(s.trim().toUpperCase(Locale.ROOT)); }
}
