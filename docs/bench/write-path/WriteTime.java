import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.ColumnAppender;
import dev.cif.WriteOptions;
import java.io.*;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.security.MessageDigest;
import java.util.*;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Thread CPU of CIF's writer alone on the rows of a '|'-delimited table file (SSB's lineorder by default): the
 * rows are parsed first (untimed), then appended column by column through CifWriter's typed appends, as
 * CifHiveOutputFormat's HiveRowAppender does for a CTAS (each column nullable, as Hive's are; default layouts and
 * codec), into a split-directory on the raw local file system, and closed. Prints each repetition's thread CPU,
 * nanoseconds per value and an MD5 of every file written, so that two builds of cif-core can be compared for CPU
 * and for byte-for-byte equal output (in turns, in one JVM: docs/bench/tpch-profile/WriterTurns.java). The parsed
 * table is an Object[] so that two class loaders' copies of this class can share it.
 *
 * java -Xmx3g -cp CLASSES:"$(cat cif-bench/target/classpath.txt)" docs/bench/write-path/WriteTime.java TBL ROWS REPS OUTDIR [KINDS]
 *
 * KINDS: a letter per field of the file, 'L' bigint, 'I' int, 'D' double, 'T' a date (days, as Hive's DATE),
 * 'S' string, '-' a field left out (to time some columns alone); the default is lineorder's (tables.sql);
 * TPC-H's lineitem is LLLIDDDDSSTTTSSS.
 */
public class WriteTime {
  public static final String LINEORDER = "LILLLISSILLILLIIS";

  public static void main(String[] a) throws Exception {
    String kinds = a.length > 4 ? a[4] : LINEORDER;
    Object[] t = parse(a[0], Integer.parseInt(a[1]), kinds);
    long values = (long) (Integer) t[1] * ((String) t[0]).length();
    for (int rep = 0; rep < Integer.parseInt(a[2]); rep++) {
      Path dir = Paths.get(a[3]).resolve("rep" + rep);
      long ns = writeOnce(t, dir.toString());
      System.out.printf(Locale.ROOT, "rep %d: %d rows, %d ms thread CPU, %.1f ns a value, files md5 %s%n", rep, t[1],
          ns / 1_000_000, (double) ns / values, digest(dir));
    }
  }

  /**
   * The first ROWS rows, untimed, as {kinds of the kept columns, rows, long[][], double[][], byte[][][]} by column:
   * longs for 'L', 'I' and 'T', doubles for 'D', strings for 'S' (equal strings share one array).
   */
  public static Object[] parse(String tbl, int limit, String kinds) throws IOException {
    int[] fieldOf = fields(kinds);
    kinds = kinds.replace("-", "");
    int cols = kinds.length();
    long[][] longs = new long[cols][];
    double[][] doubles = new double[cols][];
    byte[][][] strings = new byte[cols][][];
    for (int c = 0; c < cols; c++) {
      switch (kinds.charAt(c)) {
        case 'S': strings[c] = new byte[limit][]; break;
        case 'D': doubles[c] = new double[limit]; break;
        default: longs[c] = new long[limit]; break;
      }
    }
    Map<String, byte[]> interned = new HashMap<>();
    int n = 0;
    try (BufferedReader r = new BufferedReader(new FileReader(tbl))) {
      String line;
      while (n < limit && (line = r.readLine()) != null) {
        String[] p = line.split("\\|");
        for (int c = 0; c < cols; c++) {
          String field = p[fieldOf[c]];
          switch (kinds.charAt(c)) {
            case 'S': strings[c][n] = interned.computeIfAbsent(field, s -> s.getBytes(StandardCharsets.UTF_8)); break;
            case 'D': doubles[c][n] = Double.parseDouble(field); break;
            case 'T': longs[c][n] = java.time.LocalDate.parse(field).toEpochDay(); break;
            default: longs[c][n] = Long.parseLong(field); break;
          }
        }
        n++;
      }
    }
    return new Object[] {kinds, n, longs, doubles, strings};
  }

  /** The file's field of each kept column. */
  static int[] fields(String kinds) {
    int[] of = new int[kinds.replace("-", "").length()];
    for (int f = 0, c = 0; f < kinds.length(); f++) if (kinds.charAt(f) != '-') of[c++] = f;
    return of;
  }

  static Schema schema(String kinds) {
    List<Schema.Field> fields = new ArrayList<>();
    for (int c = 0; c < kinds.length(); c++) {
      Schema type;
      switch (kinds.charAt(c)) {
        case 'L': type = Schema.create(Schema.Type.LONG); break;
        case 'I': type = Schema.create(Schema.Type.INT); break;
        case 'D': type = Schema.create(Schema.Type.DOUBLE); break;
        case 'T': type = org.apache.avro.LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT)); break;
        default: type = Schema.create(Schema.Type.STRING); break;
      }
      fields.add(new Schema.Field("c" + c, Schema.createUnion(Schema.create(Schema.Type.NULL), type), null, Schema.Field.NULL_DEFAULT_VALUE));
    }
    return Schema.createRecord("t", null, null, false, fields);
  }

  /** Writes the parsed rows into a fresh split-directory DIR; returns the thread CPU in ns. */
  public static long writeOnce(Object[] data, String dirName) throws Exception {
    String kinds = (String) data[0];
    int rows = (Integer) data[1];
    long[][] longs = (long[][]) data[2];
    double[][] doubles = (double[][]) data[3];
    byte[][][] strings = (byte[][][]) data[4];
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    var mx = ManagementFactory.getThreadMXBean();
    Path dir = Paths.get(dirName);
    deleteTree(dir);
    int cols = kinds.length();
    long t0 = mx.getCurrentThreadCpuTime();
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, new org.apache.hadoop.fs.Path(dir.toUri()), schema(kinds), new WriteOptions())) {
      ColumnAppender[] appenders = new ColumnAppender[cols];
      for (int c = 0; c < cols; c++) appenders[c] = w.column(c);
      for (int i = 0; i < rows; i++) {
        for (int c = 0; c < cols; c++) {
          switch (kinds.charAt(c)) {
            case 'L': appenders[c].appendLong(longs[c][i]); break;
            case 'I': case 'T': appenders[c].appendInt((int) longs[c][i]); break;
            case 'D': appenders[c].appendDouble(doubles[c][i]); break;
            default: appenders[c].appendBytes(strings[c][i], 0, strings[c][i].length); break;
          }
        }
        w.endRow();
      }
    }
    return mx.getCurrentThreadCpuTime() - t0;
  }

  /** MD5 over every regular file's relative name and bytes, in name order. */
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
