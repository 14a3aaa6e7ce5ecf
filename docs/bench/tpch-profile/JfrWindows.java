import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.time.*;
import java.util.*;

/**
 * Counts a JFR recording's execution samples per time window (local time): top frames, and frames anywhere
 * on the stack whose name contains FILTER ("" for all).
 * java docs/bench/tpch-profile/JfrWindows.java RECORDING.jfr FILTER NAME=HH:MM:SS-HH:MM:SS ...
 */
public class JfrWindows {
  public static void main(String[] a) throws Exception {
    Path f = Paths.get(a[0]);
    String filter = a[1]; // substring a frame must contain to count as inclusive (e.g. "" for all)
    List<String> names = new ArrayList<>(); List<LocalTime[]> wins = new ArrayList<>();
    for (int i = 2; i < a.length; i++) {
      String[] p = a[i].split("=", 2); String[] t = p[1].split("-");
      names.add(p[0]); wins.add(new LocalTime[]{LocalTime.parse(t[0]), LocalTime.parse(t[1])});
    }
    int n = names.size();
    List<Map<String,Integer>> top = new ArrayList<>(), incl = new ArrayList<>(); int[] tot = new int[n];
    for (int i = 0; i < n; i++) { top.add(new HashMap<>()); incl.add(new HashMap<>()); }
    ZoneId z = ZoneId.systemDefault();
    try (RecordingFile rf = new RecordingFile(f)) {
      while (rf.hasMoreEvents()) {
        RecordedEvent e = rf.readEvent();
        if (!e.getEventType().getName().equals("jdk.ExecutionSample")) continue;
        LocalTime t = LocalTime.ofInstant(e.getStartTime(), z);
        for (int i = 0; i < n; i++) {
          if (t.isBefore(wins.get(i)[0]) || t.isAfter(wins.get(i)[1])) continue;
          RecordedStackTrace st = e.getStackTrace(); if (st == null) continue;
          tot[i]++;
          List<RecordedFrame> fr = st.getFrames();
          if (fr.isEmpty()) continue;
          top.get(i).merge(name(fr.get(0)), 1, Integer::sum);
          Set<String> seen = new HashSet<>();
          for (RecordedFrame x : fr) { String s = name(x); if (s.contains(filter) && seen.add(s)) incl.get(i).merge(s, 1, Integer::sum); }
        }
      }
    }
    for (int i = 0; i < n; i++) {
      System.out.println("== " + names.get(i) + ": " + tot[i] + " samples");
      System.out.println("  top:"); print(top.get(i), 30);
      System.out.println("  inclusive (" + filter + "):"); print(incl.get(i), 60);
    }
  }
  static String name(RecordedFrame x) { return x.getMethod().getType().getName() + "." + x.getMethod().getName(); }
  static void print(Map<String,Integer> m, int k) {
    m.entrySet().stream().sorted((x, y) -> y.getValue() - x.getValue()).limit(k)
      .forEach(e -> System.out.printf("    %6d %s%n", e.getValue(), e.getKey()));
  }
}
