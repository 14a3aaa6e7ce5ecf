import dev.cif.Cif;
import dev.cif.ColumnReader;
import dev.cif.VectorTarget;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.*;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Decode CPU of every column of one table stored in several CIF variants (each a dataset directory):
 * reads each column file whole with readBatch (1024 rows a batch, as Hive's vectors), the variants
 * taking turns per column and round; prints per column the bytes on disk and the median thread CPU ms.
 * Usage: ColumnDecodeTime ROUNDS NAME=DIR [NAME=DIR...]
 */
public class ColumnDecodeTime {
  public static void main(String[] a) throws Exception {
    int rounds = Integer.parseInt(a[0]);
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    LinkedHashMap<String, File> vars = new LinkedHashMap<>();
    for (int i = 1; i < a.length; i++) vars.put(a[i].split("=")[0], new File(a[i].split("=")[1]));
    // column name -> variant -> files
    TreeMap<String, Map<String, List<File>>> cols = new TreeMap<>();
    for (var e : vars.entrySet())
      for (File sd : Objects.requireNonNull(e.getValue().listFiles()))
        if (sd.isDirectory() && !sd.getName().startsWith("_") && !sd.getName().startsWith("."))
          for (File f : Objects.requireNonNull(sd.listFiles()))
            if (f.getName().matches("\\d{4}-.*\\.cif"))
              cols.computeIfAbsent(f.getName(), k -> new LinkedHashMap<>()).computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(f);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<String, Map<String, long[]>> cpu = new TreeMap<>();
    for (int r = 0; r < rounds; r++)
      for (var c : cols.entrySet()) {
        List<String> order = new ArrayList<>(c.getValue().keySet());
        if (r % 2 == 1) Collections.reverse(order);
        for (String v : order) {
          long t0 = mx.getCurrentThreadCpuTime();
          long rows = 0;
          for (File f : c.getValue().get(v)) {
            try (ColumnReader cr = Cif.openColumn(fs, new Path(f.getPath()), 1L << 28)) {
              VectorTarget t = VectorTarget.allocate(cr.vectorKind() == null ? VectorTarget.Kind.BINARY : cr.vectorKind(), 1024);
              long n = cr.rowCount();
              for (long i = 0; i < n; i += 1024) { int k = (int) Math.min(1024, n - i); t.noNulls = true; cr.readBatch(t, 0, k); }
              rows += n;
            }
          }
          cpu.computeIfAbsent(c.getKey(), k -> new TreeMap<>()).computeIfAbsent(v, k -> new long[rounds])[r] = mx.getCurrentThreadCpuTime() - t0;
        }
      }
    System.out.print("column");
    for (String v : vars.keySet()) System.out.print("\t" + v + " MB\t" + v + " CPU ms");
    System.out.println();
    for (var c : cols.entrySet()) {
      System.out.print(c.getKey());
      for (String v : vars.keySet()) {
        long bytes = 0; for (File f : c.getValue().getOrDefault(v, List.of())) bytes += f.length();
        long[] t = cpu.get(c.getKey()).get(v).clone(); Arrays.sort(t);
        System.out.printf(Locale.ROOT, "\t%.2f\t%.0f", bytes / 1e6, t[t.length / 2] / 1e6);
      }
      System.out.println();
    }
  }
}
