import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.time.*;
import java.util.*;

/**
 * Counts a JFR recording's CPU samples inside the windows windows.py found, per format, by the component the
 * sample is in: the nearest frame to the top of the stack that is not the JDK's decides (dev.cif: CIF's reader;
 * org.apache.orc: ORC's; io.airlift.compress and java.util.zip: decompression, ZLIB's native inflate counted
 * from the native-method samples; Hive's vectorized operators, other operators, serde; Tez; Hadoop). With a
 * fourth argument, the top frames of every component too; without, of the readers and codecs only.
 * java docs/bench/hive-idle/SamplesByComponent.java RUN.jfr RUN.win 'REGEX over QUERY/FORMAT/RUN' [all]
 */
public class SamplesByComponent {
  static final String[][] CATS = {
    {"cif", "dev.cif."},
    {"orc", "org.apache.orc."},
    {"orc", "org.apache.hadoop.hive.ql.io.orc."},
    {"compress", "io.airlift.compress."},
    {"compress", "java.util.zip."},
    {"hive-vector", "org.apache.hadoop.hive.ql.exec.vector."},
    {"hive-exec", "org.apache.hadoop.hive.ql.exec."},
    {"hive-serde", "org.apache.hadoop.hive.serde2."},
    {"hive-other", "org.apache.hadoop.hive."},
    {"tez", "org.apache.tez."},
    {"hadoop", "org.apache.hadoop."},
    {"jdk", "java."}, {"jdk", "jdk."}, {"jdk", "sun."},
  };
  public static void main(String[] a) throws Exception {
    List<String[]> wins = new ArrayList<>();
    for (String l : Files.readAllLines(Paths.get(a[1]))) { String[] p = l.split(" "); if (p[0].matches(a[2])) wins.add(p); }
    ZoneId z = ZoneId.systemDefault();
    Map<String, Map<String, Integer>> byGroup = new TreeMap<>();
    Map<String, Map<String, Integer>> topFrames = new TreeMap<>();
    boolean allTopFrames = a.length > 3;
    try (RecordingFile rf = new RecordingFile(Paths.get(a[0]))) {
      while (rf.hasMoreEvents()) {
        RecordedEvent e = rf.readEvent();
        String t = e.getEventType().getName();
        if (!t.equals("jdk.ExecutionSample") && !t.equals("jdk.NativeMethodSample")) continue;
        LocalTime lt = LocalTime.ofInstant(e.getStartTime(), z);
        String g = null;
        for (String[] w : wins) if (!lt.isBefore(LocalTime.parse(w[1])) && !lt.isAfter(LocalTime.parse(w[2]))) { g = w[0].replaceAll("^[^/]*/", "").replaceAll("/.*", ""); break; }
        if (g == null) continue;
        RecordedStackTrace st = e.getStackTrace(); if (st == null) continue;
        List<RecordedFrame> fr = st.getFrames(); if (fr.isEmpty()) continue;
        String thread = e.getThread("sampledThread") != null ? e.getThread("sampledThread").getJavaName() : "?";
        if (t.equals("jdk.NativeMethodSample")) {
          // only count native samples that are a real computation (inflate, etc), not waits
          String top = name(fr.get(0));
          if (!top.contains("Inflater") && !top.contains("Deflater")) continue;
        }
        String cat = "other";
        outer:
        for (int pass = 0; pass < 2; pass++) {
          for (RecordedFrame f : fr) {
            String n = name(f);
            for (String[] c : CATS) if (n.startsWith(c[1]) && (pass == 1 || !c[0].equals("jdk"))) { cat = c[0]; break outer; }
          }
        }
        byGroup.computeIfAbsent(g, k -> new TreeMap<>()).merge(cat, 1, Integer::sum);
        byGroup.get(g).merge("ALL", 1, Integer::sum);
        if (allTopFrames || cat.equals("cif") || cat.equals("orc") || cat.equals("compress")) topFrames.computeIfAbsent(g + " " + cat, k -> new HashMap<>()).merge(name(fr.get(0)), 1, Integer::sum);
      }
    }
    for (var en : byGroup.entrySet()) System.out.println(en.getKey() + " " + en.getValue());
    for (var en : topFrames.entrySet()) {
      System.out.println("== " + en.getKey());
      en.getValue().entrySet().stream().sorted((x, y) -> y.getValue() - x.getValue()).limit(12).forEach(x -> System.out.println("  " + x.getValue() + " " + x.getKey()));
    }
  }
  static String name(RecordedFrame f) { return f.getMethod().getType().getName() + "." + f.getMethod().getName(); }
}
