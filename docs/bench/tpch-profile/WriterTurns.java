import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.*;
import java.util.*;

/**
 * Two builds of cif-core taking turns in one JVM: each build's classes in a class loader of its own (over a
 * shared parent with the rest of cif-bench's classpath, cif-core's jar left out), docs/bench/write-path/WriteTime.java
 * compiled into WT_CLASSES run in each, the rows parsed once, and the builds alternating A B B A ... so that the
 * machine's load falls on both alike. Prints every turn's thread CPU and each build's median, and checks that
 * both wrote the same bytes. KINDS as WriteTime takes them (lineitem: LLLIDDDDSSTTTSSS; the default is SSB's lineorder).
 * Before 2026-11-30 the harness was LineitemWriteTime.java (git history: 91c17fc), which WriteTime replaced.
 *
 * javac -d WT_CLASSES -cp A_CLASSES:"$(cat cif-bench/target/classpath.txt)" docs/bench/write-path/WriteTime.java
 * java -cp "$(cat cif-bench/target/classpath.txt)" docs/bench/tpch-profile/WriterTurns.java A_CLASSES B_CLASSES WT_CLASSES TBL ROWS TURNS OUT_DIR [KINDS]
 */
public class WriterTurns {
  public static void main(String[] a) throws Exception {
    List<URL> shared = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!e.contains("cif-core-")) shared.add(new File(e).toURI().toURL());
    }
    ClassLoader parent = new URLClassLoader(shared.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    URL wt = new File(a[2]).toURI().toURL();
    String[] side = {"A", "B"};
    Method[] write = new Method[2];
    Method[] digest = new Method[2];
    ClassLoader[] loaders = new ClassLoader[2];
    Object data = null;
    for (int s = 0; s < 2; s++) {
      ClassLoader l = new URLClassLoader(new URL[] {wt, new File(a[s]).toURI().toURL()}, parent);
      loaders[s] = l;
      Class<?> c = Class.forName("WriteTime", true, l);
      write[s] = c.getMethod("writeOnce", Object[].class, String.class);
      digest[s] = c.getMethod("digest", Path.class);
      if (data == null) {
        data = c.getMethod("parse", String.class, int.class, String.class).invoke(null, a[3], Integer.parseInt(a[4]),
            a.length > 7 ? a[7] : (String) c.getField("LINEORDER").get(null));
      }
    }
    int turns = Integer.parseInt(a[5]);
    List<List<Long>> ms = List.of(new ArrayList<>(), new ArrayList<>());
    String[] md5 = new String[2];
    for (int t = 0; t < turns; t++) {
      for (int k = 0; k < 2; k++) {
        int s = (t % 2 == 0) ? k : 1 - k; // A B, then B A
        Path dir = Paths.get(a[6], side[s]);
        Thread.currentThread().setContextClassLoader(loaders[s]); // Hadoop's Configuration loads classes through it
        long m = (Long) write[s].invoke(null, data, dir.toString()) / 1_000_000;
        md5[s] = (String) digest[s].invoke(null, dir);
        if (t >= 2) ms.get(s).add(m); // the first two turns warm the JIT
        System.out.printf("turn %d %s %d ms %s%n", t, side[s], m, md5[s]);
      }
    }
    for (int s = 0; s < 2; s++) {
      List<Long> x = new ArrayList<>(ms.get(s));
      Collections.sort(x);
      System.out.printf("%s median %d ms over %d turns (min %d, max %d)%n", side[s], x.get(x.size() / 2), x.size(), x.get(0), x.get(x.size() - 1));
    }
    System.out.println(md5[0].equals(md5[1]) ? "same bytes: " + md5[0] : "DIFFERENT BYTES: A " + md5[0] + " B " + md5[1]);
  }
}
