package dev.cif.bench.sql;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A query's answer, compared across formats. Rows are compared as a sorted multiset (ORDER BY ties may
 * come in any order), sorted on the row with numbers rounded to 2 decimals; then field by field:
 * text must be equal, numbers must agree within {@link #RELATIVE} of the larger plus {@link #ABSOLUTE}
 * (doubles summed in a different order differ in their last bits).
 */
public final class Answer {
  static final double RELATIVE = 1e-9;
  static final double ABSOLUTE = 1e-6;

  private final List<String[]> rows;

  public Answer(List<String> lines) {
    List<String[]> split = new ArrayList<>();
    for (String l : lines) split.add(l.split("\t", -1));
    split.sort(Comparator.comparing(Answer::sortKey));
    rows = split;
  }

  public int rows() { return rows.size(); }

  /** Null if the answers agree, else the first difference. */
  public String difference(Answer other) {
    if (rows.size() != other.rows.size()) return rows.size() + " rows vs " + other.rows.size();
    for (int i = 0; i < rows.size(); i++) {
      String[] a = rows.get(i);
      String[] b = other.rows.get(i);
      if (a.length != b.length) return "row " + i + ": " + a.length + " vs " + b.length + " columns";
      for (int c = 0; c < a.length; c++) {
        if (!same(a[c], b[c])) return "row " + i + " column " + c + ": " + a[c] + " vs " + b[c];
      }
    }
    return null;
  }

  static boolean same(String a, String b) {
    if (a.equals(b)) return true;
    Double x = number(a);
    Double y = number(b);
    if (x == null || y == null) return false;
    return Math.abs(x - y) <= RELATIVE * Math.max(Math.abs(x), Math.abs(y)) + ABSOLUTE;
  }

  private static String sortKey(String[] row) {
    StringBuilder sb = new StringBuilder();
    for (String f : row) {
      Double d = number(f);
      sb.append(d == null || !f.contains(".") && !f.contains("E") ? f
          : new BigDecimal(d).setScale(2, RoundingMode.HALF_UP).toPlainString()).append('\t');
    }
    return sb.toString();
  }

  private static Double number(String s) {
    if (s.isEmpty() || !(Character.isDigit(s.charAt(0)) || s.charAt(0) == '-' || s.charAt(0) == '.')) return null;
    try {
      double d = Double.parseDouble(s);
      return Double.isFinite(d) ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
