package dev.cif.examples;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PigStorage text lines with the entries of every map ({@code [k#v,...]}) in key order. */
final class PigText {
  private static final Pattern MAP = Pattern.compile("\\[([^\\[\\]]*)\\]");

  private PigText() {}

  static String sortMaps(String line) {
    Matcher m = MAP.matcher(line);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String[] entries = m.group(1).isEmpty() ? new String[0] : m.group(1).split(",");
      Arrays.sort(entries);
      m.appendReplacement(sb, Matcher.quoteReplacement("[" + String.join(",", entries) + "]"));
    }
    return m.appendTail(sb).toString();
  }

  static List<String> sortMaps(List<String> lines) {
    List<String> out = new ArrayList<>();
    for (String l : lines) out.add(sortMaps(l));
    out.sort(null);
    return out;
  }
}
