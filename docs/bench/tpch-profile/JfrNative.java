import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.time.*;
import java.util.*;
/** Counts a JFR recording's native method samples per time window (local time), by top frame: java JfrNative.java RECORDING.jfr NAME=HH:MM:SS-HH:MM:SS ... */
public class JfrNative {
  public static void main(String[] a) throws Exception {
    ZoneId z = ZoneId.systemDefault();
    for (int i = 1; i < a.length; i++) {
      String[] p = a[i].split("=", 2); String[] t = p[1].split("-");
      LocalTime s = LocalTime.parse(t[0]), e = LocalTime.parse(t[1]);
      Map<String,Integer> top = new HashMap<>(); int n = 0;
      try (RecordingFile rf = new RecordingFile(Paths.get(a[0]))) {
        while (rf.hasMoreEvents()) {
          RecordedEvent ev = rf.readEvent();
          if (!ev.getEventType().getName().equals("jdk.NativeMethodSample")) continue;
          LocalTime lt = LocalTime.ofInstant(ev.getStartTime(), z);
          if (lt.isBefore(s) || lt.isAfter(e)) continue;
          RecordedStackTrace st = ev.getStackTrace(); if (st == null || st.getFrames().isEmpty()) continue;
          RecordedFrame f = st.getFrames().get(0); n++;
          top.merge(f.getMethod().getType().getName() + "." + f.getMethod().getName(), 1, Integer::sum);
        }
      }
      System.out.println("== " + p[0] + " native samples " + n);
      top.entrySet().stream().sorted((x, y) -> y.getValue() - x.getValue()).limit(8).forEach(x -> System.out.println("   " + x.getValue() + " " + x.getKey()));
    }
  }
}
