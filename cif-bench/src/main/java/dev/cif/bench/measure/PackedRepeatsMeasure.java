package dev.cif.bench.measure;

import dev.cif.BlockCodec;
import dev.cif.Cif;
import dev.cif.ColumnLayout;
import dev.cif.ColumnReader;
import dev.cif.ColumnWriter;
import dev.cif.VectorTarget;
import dev.cif.WriteOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import java.util.function.LongSupplier;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Not a test: a measurement of PACKED repeat runs (docs/FORMAT.md §6.5), run by hand. Writes long
 * columns of lineorder's shape (runs of 1 to 7 equal values, as lo_custkey and lo_ordtotalprice in
 * a table sorted by orderkey) and one without repeats, uncompressed and with ZSTD, in 256 KiB blocks,
 * and prints each file's bytes, the reading thread's CPU ns per value of a whole-file batch read
 * (batches of 1024) and per row of a sparse row read (every 100th row through skipTo and next, where
 * a repeats run is expanded whole for the ~10 rows read from it); best of the runs after warm-up
 * passes. Uses only cif-core's public API, so the same class runs against an older build's classes for a
 * before/after comparison:
 * <pre>
 * mvn -o -q -pl cif-bench -am compile dependency:build-classpath -Dmdep.outputFile=/tmp/cif-bench.cp
 * java -cp cif-bench/target/classes:cif-core/target/classes:$(cat /tmp/cif-bench.cp) \
 *     dev.cif.bench.measure.PackedRepeatsMeasure DIR [ROWS, default 1000000] [RUNS, default 9]
 * </pre>
 * (for "before", put an older build's classes in place of cif-core/target/classes).
 */
public final class PackedRepeatsMeasure {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private static final int SPARSE = 100;

  private PackedRepeatsMeasure() {}

  public static void main(String[] args) throws IOException {
    Path dir = new Path(args[0]);
    int rows = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 9;
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    String[] names = {"runs of 1-7, 15-bit (lo_custkey)", "runs of 1-7, 26-bit (lo_ordtotalprice)", "no repeats, 15-bit"};
    long[][] columns = {repeats(rows, 15, 1), repeats(rows, 26, 2), repeats(rows, 15, 0)};
    BlockCodec[] codecs = {BlockCodec.NONE, BlockCodec.ZSTD};
    Path[] files = new Path[columns.length * codecs.length];
    for (int c = 0; c < columns.length; c++) {
      for (int k = 0; k < codecs.length; k++) {
        Path p = files[c * codecs.length + k] = new Path(dir, "c" + c + "-" + codecs[k] + ".cif");
        WriteOptions options = new WriteOptions().layout("c", ColumnLayout.PACKED).codec("c", codecs[k]).blockBytes(256 << 10).maxValueBytes(1 << 26);
        try (FSDataOutputStream out = fs.create(p, true);
            ColumnWriter w = Cif.createColumnWriter(out, new Schema.Field("c", Schema.create(Schema.Type.LONG)), options)) {
          for (long v : columns[c]) w.write(v);
        }
      }
    }
    // Warm-up passes over every file first, so that no file is timed while the JIT still compiles
    // for another; then the files interleaved, best of the runs each.
    long[] sums = new long[files.length];
    long[] sparseSums = new long[files.length];
    for (int pass = 0; pass < 3; pass++) {
      for (int f = 0; f < files.length; f++) {
        sums[f] = read(fs, files[f]);
        sparseSums[f] = readSparse(fs, files[f]);
      }
    }
    long[] best = new long[files.length];
    long[] bestSparse = new long[files.length];
    java.util.Arrays.fill(best, Long.MAX_VALUE);
    java.util.Arrays.fill(bestSparse, Long.MAX_VALUE);
    for (int r = 0; r < runs; r++) {
      for (int f = 0; f < files.length; f++) {
        long t0 = CPU.getCurrentThreadCpuTime();
        if (read(fs, files[f]) != sums[f]) throw new IllegalStateException("reads disagree");
        long t1 = CPU.getCurrentThreadCpuTime();
        if (readSparse(fs, files[f]) != sparseSums[f]) throw new IllegalStateException("reads disagree");
        best[f] = Math.min(best[f], t1 - t0);
        bestSparse[f] = Math.min(bestSparse[f], CPU.getCurrentThreadCpuTime() - t1);
      }
    }
    System.out.println("| column | codec | bytes | batch CPU ns/value | every 100th row: CPU ns/row read |");
    System.out.println("|---|---|---:|---:|---:|");
    for (int f = 0; f < files.length; f++) {
      System.out.printf("| %s | %s | %,d | %.2f | %.0f |%n", names[f / codecs.length], codecs[f % codecs.length], fs.getFileStatus(files[f]).getLen(),
          (double) best[f] / rows, (double) bestSparse[f] / ((rows + SPARSE - 1) / SPARSE));
    }
  }

  /** Values of the given bit width in runs of 1 to 7 equal values (uniform lengths), or all independent if seed is 0. */
  private static long[] repeats(int rows, int bits, long seed) {
    Random rnd = new Random(seed == 0 ? 99 : seed);
    LongSupplier draw = () -> rnd.nextLong() >>> (64 - bits);
    long[] v = new long[rows];
    for (int i = 0; i < rows; ) {
      int len = seed == 0 ? 1 : 1 + rnd.nextInt(7);
      long x = draw.getAsLong();
      for (int k = 0; k < len && i < rows; k++) v[i++] = x;
    }
    return v;
  }

  /** Reads every SPARSE-th row through skipTo and next, as a lazy record reading a column for few rows does. */
  private static long readSparse(FileSystem fs, Path p) throws IOException {
    long sum = 0;
    try (ColumnReader r = Cif.openColumn(fs, p, 1 << 26)) {
      for (long row = 0; row < r.rowCount(); row += SPARSE) {
        r.skipTo(row);
        sum += (Long) r.next();
      }
    }
    return sum;
  }

  /** Reads the whole file in batches of 1024 and returns a checksum, so the work cannot be skipped. */
  private static long read(FileSystem fs, Path p) throws IOException {
    long sum = 0;
    try (ColumnReader r = Cif.openColumn(fs, p, 1 << 26)) {
      VectorTarget t = VectorTarget.allocate(VectorTarget.Kind.LONG, 1024);
      for (long row = 0; row < r.rowCount(); row += 1024) {
        int n = (int) Math.min(1024, r.rowCount() - row);
        r.readBatch(t, 0, n);
        for (int i = 0; i < n; i++) sum += t.longs[i];
      }
    }
    return sum;
  }
}
