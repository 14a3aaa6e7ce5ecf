import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.ColumnAppender;
import dev.cif.WriteOptions;
import java.io.*;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.util.*;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Thread CPU of CIF's writer alone on TPC-H lineitem rows: the rows are parsed from a dbgen .tbl file first
 * (untimed), then appended column by column through CifWriter's typed appends, as CifHiveOutputFormat's
 * HiveRowAppender does for a CTAS (the table's Hive schema: nullable BIGINT, INT, DOUBLE, STRING, DATE;
 * default layouts and codec), into split-directories on the raw local file system (no Hadoop checksum
 * files), and closed. Prints each repetition's thread CPU and an MD5 of every file written, so two builds
 * of cif-core can be compared for CPU and for byte-for-byte equal output.
 *
 * java -cp CLASSES:"$(cat cif-bench/target/classpath.txt)" docs/bench/tpch-profile/LineitemWriteTime.java TBL ROWS REPS OUTDIR
 */
public class LineitemWriteTime {
  static final String[] NAMES = {"l_orderkey", "l_partkey", "l_suppkey", "l_linenumber", "l_quantity",
      "l_extendedprice", "l_discount", "l_tax", "l_returnflag", "l_linestatus", "l_shipdate", "l_commitdate",
      "l_receiptdate", "l_shipinstruct", "l_shipmode", "l_comment"};
  /** 'L' bigint, 'I' int, 'D' double, 'S' string, 'T' date. */
  static final String KINDS = "LLLIDDDDSSTTTSSS";

  public static void main(String[] a) throws Exception {
    Object[] data = parse(a[0], Integer.parseInt(a[1]));
    for (int rep = 0; rep < Integer.parseInt(a[2]); rep++) {
      Path dir = Paths.get(a[3]).resolve("rep" + rep);
      long ms = writeOnce(data, dir.toString());
      System.out.printf(Locale.ROOT, "rep %d: %d rows, %d ms thread CPU, files md5 %s%n", rep, (Integer) data[0], ms, digest(dir));
    }
  }

  /** The first ROWS rows of the .tbl file as {rows, long[][], double[][], byte[][][]} by column (untimed). */
  public static Object[] parse(String tbl, int limit) throws IOException {
    int n = 0;
    long[][] longs = new long[16][limit];
    double[][] doubles = new double[16][limit];
    byte[][][] strings = new byte[16][limit][];
    try (BufferedReader r = new BufferedReader(new FileReader(tbl))) {
      String line;
      while (n < limit && (line = r.readLine()) != null) {
        String[] p = line.split("\\|");
        for (int c = 0; c < 16; c++) {
          switch (KINDS.charAt(c)) {
            case 'L': case 'I': longs[c][n] = Long.parseLong(p[c]); break;
            case 'D': doubles[c][n] = Double.parseDouble(p[c]); break;
            case 'T': longs[c][n] = LocalDate.parse(p[c]).toEpochDay(); break;
            default: strings[c][n] = p[c].getBytes(StandardCharsets.UTF_8); break;
          }
        }
        n++;
      }
    }
    return new Object[] {n, longs, doubles, strings};
  }

  /** Writes the parsed rows into a fresh split-directory DIR; returns the thread CPU in ms. */
  public static long writeOnce(Object[] data, String dirName) throws Exception {
    int n = (Integer) data[0];
    long[][] longs = (long[][]) data[1];
    double[][] doubles = (double[][]) data[2];
    byte[][][] strings = (byte[][][]) data[3];
    List<Schema.Field> fields = new ArrayList<>();
    for (int c = 0; c < 16; c++) {
      Schema t;
      switch (KINDS.charAt(c)) {
        case 'L': t = Schema.create(Schema.Type.LONG); break;
        case 'I': t = Schema.create(Schema.Type.INT); break;
        case 'D': t = Schema.create(Schema.Type.DOUBLE); break;
        case 'T': t = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT)); break;
        default: t = Schema.create(Schema.Type.STRING); break;
      }
      fields.add(new Schema.Field(NAMES[c], Schema.createUnion(Schema.create(Schema.Type.NULL), t), null, Schema.Field.NULL_DEFAULT_VALUE));
    }
    Schema schema = Schema.createRecord("lineitem", null, null, false, fields);
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    var mx = ManagementFactory.getThreadMXBean();
    Path dir = Paths.get(dirName);
    deleteTree(dir);
    long t0 = mx.getCurrentThreadCpuTime();
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, new org.apache.hadoop.fs.Path(dir.toUri()), schema, new WriteOptions())) {
      ColumnAppender[] cols = new ColumnAppender[16];
      for (int c = 0; c < 16; c++) cols[c] = w.column(c);
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < 16; c++) {
          switch (KINDS.charAt(c)) {
            case 'L': cols[c].appendLong(longs[c][i]); break;
            case 'I': case 'T': cols[c].appendInt((int) longs[c][i]); break;
            case 'D': cols[c].appendDouble(doubles[c][i]); break;
            default: cols[c].appendBytes(strings[c][i], 0, strings[c][i].length); break;
          }
        }
        w.endRow();
      }
    }
    return (mx.getCurrentThreadCpuTime() - t0) / 1_000_000;
  }

  /** MD5 over every regular file's relative name and bytes, in name order (names of temporary files aside). */
  public static String digest(Path dir) throws Exception {
    MessageDigest md = MessageDigest.getInstance("MD5");
    List<Path> files = new ArrayList<>();
    try (var s = Files.walk(dir)) { s.filter(Files::isRegularFile).sorted().forEach(files::add); }
    for (Path f : files) {
      md.update(dir.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
      md.update(Files.readAllBytes(f));
    }
    return String.format("%032x", new java.math.BigInteger(1, md.digest())) + " (" + files.size() + " files)";
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) return;
    try (var s = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
    }
  }
}
