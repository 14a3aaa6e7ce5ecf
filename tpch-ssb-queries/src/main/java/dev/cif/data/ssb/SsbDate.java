package dev.cif.data.ssb;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.Locale;

/** One row of SSB's date dimension (table {@code dates}), computed from the calendar alone. */
final class SsbDate {
  private SsbDate() {}

  /** yyyymmdd, the key lineorder's dates refer to. */
  static String key(LocalDate d) {
    return Integer.toString(d.getYear() * 10_000 + d.getMonthValue() * 100 + d.getDayOfMonth());
  }

  static String line(LocalDate d) {
    String month = d.getMonth().getDisplayName(TextStyle.FULL, Locale.US);
    String shortMonth = d.getMonth().getDisplayName(TextStyle.SHORT, Locale.US);
    DayOfWeek dow = d.getDayOfWeek();
    int dayInWeek = dow.getValue() % 7 + 1; // Sunday = 1
    boolean lastOfMonth = d.getDayOfMonth() == d.lengthOfMonth();
    return String.join("|", key(d), month + " " + d.getDayOfMonth() + ", " + d.getYear(),
        dow.getDisplayName(TextStyle.FULL, Locale.US), month, Integer.toString(d.getYear()),
        Integer.toString(d.getYear() * 100 + d.getMonthValue()), shortMonth + d.getYear(), Integer.toString(dayInWeek),
        Integer.toString(d.getDayOfMonth()), Integer.toString(d.getDayOfYear()), Integer.toString(d.getMonthValue()),
        Integer.toString((d.getDayOfYear() - 1) / 7 + 1), season(d), flag(dow == DayOfWeek.SATURDAY), flag(lastOfMonth),
        flag(holiday(d)), flag(dow != DayOfWeek.SATURDAY && dow != DayOfWeek.SUNDAY));
  }

  private static String flag(boolean b) { return b ? "1" : "0"; }

  static String season(LocalDate d) {
    int m = d.getMonthValue();
    if (m == 12) return "Christmas";
    if (m <= 2) return "Winter";
    if (m <= 5) return "Spring";
    if (m <= 8) return "Summer";
    return "Fall";
  }

  /** Fixed-date holidays: New Year, Independence Day, Christmas Eve and Day, New Year's Eve. */
  static boolean holiday(LocalDate d) {
    int md = d.getMonthValue() * 100 + d.getDayOfMonth();
    return md == 101 || md == 704 || md == 1224 || md == 1225 || md == 1231;
  }
}
