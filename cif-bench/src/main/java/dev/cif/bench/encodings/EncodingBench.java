package dev.cif.bench.encodings;

import dev.cif.BlockCodec;
import dev.cif.Cif;
import dev.cif.ColumnLayout;
import dev.cif.ColumnReader;
import dev.cif.ColumnWriter;
import dev.cif.VectorTarget;
import dev.cif.WriteOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Weighs the encodings of primitive columns for batch reads (issue 9) on SSB/TPC-H-like columns:
 * strings as SKIP_LIST (their version-2 default) against DICT, integers as PLAIN zig-zag varints
 * (their version-2 default) against PACKED, decimals of precision up to 18 as SKIP_LIST bytes (their
 * version-3 default) against PACKED unscaled longs. Each column is written both ways with the real writer,
 * then read whole through the real reader in batches of 1024 ({@link ColumnReader#readBatch})
 * and row by row ({@link ColumnReader#next}); a batch of decimal bytes is turned into unscaled
 * longs as Hive's DECIMAL_64 reader must (a packed batch is those longs already). Reported: file bytes and CPU ns per value (the
 * reading thread's CPU time, which other load on the shared cores does not inflate as it does wall
 * time; the page-cached file is read in the same thread, so its I/O cost is in it); the best of the
 * runs, the two layouts interleaved, after a full warm-up pass.
 */
public final class EncodingBench {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);
  private static final String[] NATIONS = {"ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT", "ETHIOPIA", "FRANCE",
      "GERMANY", "INDIA", "INDONESIA", "IRAN", "IRAQ", "JAPAN", "JORDAN", "KENYA", "MOROCCO", "MOZAMBIQUE", "PERU", "CHINA",
      "ROMANIA", "SAUDI ARABIA", "VIETNAM", "RUSSIA", "UNITED KINGDOM", "UNITED STATES"};
  private static final String[] REGIONS = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST"};
  private static final String[] WORDS = {"furiously", "final", "deposits", "sleep", "carefully", "regular", "accounts",
      "pending", "ironic", "packages", "quickly", "express", "requests", "haggle", "blithely", "bold", "theodolites"};

  private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

  private final FileSystem fs;
  private final Path dir;
  private final int rows;
  private final int runs;
  private PrintStream out;

  public EncodingBench(Path dir, int rows, int runs, PrintStream out) throws IOException {
    this.fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    this.dir = dir;
    this.rows = rows;
    this.runs = runs;
    this.out = out;
  }

  /** Runs everything twice and prints the second pass, so no case is timed while the JIT still compiles it. */
  public void run() throws IOException {
    PrintStream report = out;
    out = new PrintStream(OutputStream.nullOutputStream());
    pass();
    out = report;
    pass();
  }

  private void pass() throws IOException {
    Random rnd = new Random(9);
    Schema string = Schema.create(Schema.Type.STRING);
    header("Strings: SKIP_LIST vs DICT", "SL", "DICT");
    compare("c_region", "5", string, i -> new Utf8(REGIONS[rnd.nextInt(5)]), ColumnLayout.SKIP_LIST, ColumnLayout.DICT);
    compare("c_city", "250", string, i -> new Utf8(city(rnd)), ColumnLayout.SKIP_LIST, ColumnLayout.DICT);
    compare("c_city, 10% null", "250", nullable(string), i -> rnd.nextInt(10) == 0 ? null : new Utf8(city(rnd)),
        ColumnLayout.SKIP_LIST, ColumnLayout.DICT);
    compare("p_brand1", "1000", string, i -> new Utf8("MFGR#" + (1 + rnd.nextInt(5)) + (1 + rnd.nextInt(5)) + (1 + rnd.nextInt(40))),
        ColumnLayout.SKIP_LIST, ColumnLayout.DICT);
    compare("c_name", "all", string, i -> new Utf8(String.format("Customer#%09d", i)), ColumnLayout.SKIP_LIST, ColumnLayout.DICT);
    compare("o_comment", "all", string, i -> new Utf8(comment(rnd)), ColumnLayout.SKIP_LIST, ColumnLayout.DICT);
    out.println();

    Schema lng = Schema.create(Schema.Type.LONG);
    Schema integer = Schema.create(Schema.Type.INT);
    Schema date = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
    header("Integers: PLAIN (zig-zag varints; nullable: a union branch byte each) vs PACKED", "PLAIN", "PACKED");
    // TPC-H order keys: sorted, in groups of 8 with gaps.
    compare("l_orderkey, sorted", "all", lng, i -> (long) i + i / 8 * 25, ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("lo_custkey, random", "150,000", integer, i -> 1 + rnd.nextInt(150_000), ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("o_orderdate, sorted", "2,406", date, i -> 8035 + (int) ((long) i * 2406 / rows), ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("l_shipdate, random", "2,406", date, i -> 8035 + rnd.nextInt(2406), ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("lo_orderdate yyyymmdd, random", "2,406", integer,
        i -> 19920101 + rnd.nextInt(7) * 10000 + rnd.nextInt(12) * 100 + rnd.nextInt(28), ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("lo_quantity", "50", integer, i -> 1 + rnd.nextInt(50), ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("l_quantity, 5% null", "50", nullable(integer), i -> rnd.nextInt(20) == 0 ? null : 1 + rnd.nextInt(50),
        ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("flag", "2", Schema.create(Schema.Type.BOOLEAN), i -> rnd.nextBoolean(), ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("timestamp micros, random in 1,000 s", "all", LogicalTypes.timestampMicros().addToSchema(lng),
        i -> 1_600_000_000_000_000L + rnd.nextInt(1_000_000_000) * 1000L, ColumnLayout.PLAIN, ColumnLayout.PACKED);
    out.println();

    // TPC-H's decimal(15,2) columns (dbgen's ranges), as Hive hands them to the writer: unscaled bytes.
    Schema money = LogicalTypes.decimal(15, 2).addToSchema(Schema.create(Schema.Type.BYTES));
    header("Decimals: SKIP_LIST (length-prefixed unscaled bytes) vs PACKED (unscaled longs)", "SL", "PACKED");
    compare("l_extendedprice", "all", money, i -> unscaled(90_100 + rnd.nextInt(10_394_850)), ColumnLayout.SKIP_LIST, ColumnLayout.PACKED);
    compare("l_quantity", "50", money, i -> unscaled(100 * (1 + rnd.nextInt(50))), ColumnLayout.SKIP_LIST, ColumnLayout.PACKED);
    compare("l_discount", "11", money, i -> unscaled(rnd.nextInt(11)), ColumnLayout.SKIP_LIST, ColumnLayout.PACKED);
    compare("l_tax", "9", money, i -> unscaled(rnd.nextInt(9)), ColumnLayout.SKIP_LIST, ColumnLayout.PACKED);
    compare("c_acctbal, 5% null", "all", nullable(money), i -> rnd.nextInt(20) == 0 ? null : unscaled(-99_999 + rnd.nextInt(1_099_998)),
        ColumnLayout.SKIP_LIST, ColumnLayout.PACKED);
    out.println();

    // The same columns as doubles, as Hive declares them by default (hive-testbench's TPC-H DDL), and doubles that are no decimal.
    Schema dbl = Schema.create(Schema.Type.DOUBLE);
    header("Doubles: PLAIN (8 IEEE bytes) vs PACKED (decimals of the block's scale, or raw bits; format version 7)", "PLAIN", "PACKED");
    compare("l_extendedprice", "all", dbl, i -> (90_100 + rnd.nextInt(10_394_850)) / 100.0, ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("l_quantity", "50", dbl, i -> (double) (1 + rnd.nextInt(50)), ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("l_discount", "11", dbl, i -> rnd.nextInt(11) / 100.0, ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("l_tax", "9", dbl, i -> rnd.nextInt(9) / 100.0, ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("c_acctbal, 5% null", "all", nullable(dbl), i -> rnd.nextInt(20) == 0 ? null : (-99_999 + rnd.nextInt(1_099_998)) / 100.0,
        ColumnLayout.PLAIN, ColumnLayout.PACKED);
    compare("computed (gaussian): raw", "all", dbl, i -> rnd.nextGaussian() * 1000, ColumnLayout.PLAIN, ColumnLayout.PACKED);
    out.println();
  }

  private static java.nio.ByteBuffer unscaled(long u) { return java.nio.ByteBuffer.wrap(java.math.BigInteger.valueOf(u).toByteArray()); }

  private static Schema nullable(Schema s) { return Schema.createUnion(NULL, s); }

  private static String city(Random rnd) {
    return (NATIONS[rnd.nextInt(25)] + "         ").substring(0, 9) + rnd.nextInt(10);
  }

  private static String comment(Random rnd) {
    StringBuilder sb = new StringBuilder();
    int n = 3 + rnd.nextInt(6);
    for (int i = 0; i < n; i++) sb.append(i == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
    return sb.toString();
  }

  private void header(String title, String a, String b) {
    out.println("#### " + title + ", " + String.format("%,d", rows) + " rows");
    out.println();
    out.printf("| column | distinct | codec | %1$s bytes | %2$s bytes | bytes %2$s/%1$s | %1$s batch CPU ns/value | %2$s batch CPU ns/value"
        + " | batch %2$s/%1$s | %1$s row CPU ns/value | %2$s row CPU ns/value | row %2$s/%1$s |%n", a, b);
    out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
  }

  private void compare(String name, String distinct, Schema type, IntFunction<Object> gen, ColumnLayout base, ColumnLayout candidate)
      throws IOException {
    List<Object> values = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) values.add(gen.apply(i));
    for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.LZ4}) {
      ColumnLayout[] layouts = {base, candidate};
      Path[] files = new Path[2];
      long[] bytes = new long[2];
      for (int l = 0; l < 2; l++) {
        files[l] = new Path(dir, name.replaceAll("[^a-z_]", "") + "-" + layouts[l] + "-" + codec);
        WriteOptions options = new WriteOptions().layout("c", layouts[l]).codec("c", codec).skipLevels(1000, 100, 10)
            .blockBytes(256 << 10).maxValueBytes(256 << 20);
        try (FSDataOutputStream o = fs.create(files[l], true); ColumnWriter w = Cif.createColumnWriter(o, new Schema.Field("c", type), options)) {
          for (Object v : values) w.write(v);
        }
        bytes[l] = fs.getFileStatus(files[l]).getLen();
      }
      double[] batch = {Double.MAX_VALUE, Double.MAX_VALUE};
      double[] row = {Double.MAX_VALUE, Double.MAX_VALUE};
      for (int r = 0; r < runs; r++) {
        for (int l = 0; l < 2; l++) {
          batch[l] = Math.min(batch[l], batchRead(files[l]));
          row[l] = Math.min(row[l], rowRead(files[l]));
        }
      }
      out.printf("| %s | %s | %s | %,d | %,d | %.2f | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |%n", name, distinct, codec,
          bytes[0], bytes[1], (double) bytes[1] / bytes[0], batch[0], batch[1], batch[1] / batch[0], row[0], row[1], row[1] / row[0]);
    }
  }

  /** ns per value to read the whole column in batches of 1024, using each value (as a query would). */
  private double batchRead(Path p) throws IOException {
    long sink = 0;
    long start = CPU.getCurrentThreadCpuTime();
    try (ColumnReader r = Cif.openColumn(fs, p, 256 << 20)) {
      boolean decimal = dev.cif.schema.CifSchemas.nonNull(r.type()).getLogicalType() instanceof LogicalTypes.Decimal;
      VectorTarget t = VectorTarget.allocate(r.vectorKind(), 1024);
      for (int row = 0; row < rows; row += 1024) {
        int n = Math.min(1024, rows - row);
        t.noNulls = true;
        r.readBatch(t, 0, n);
        for (int i = 0; i < n; i++) {
          if (t.isNull[i]) continue;
          if (t.longs != null) {
            sink += t.longs[i];
          } else if (t.doubles != null) {
            sink += (long) t.doubles[i];
          } else if (decimal) {
            long v = t.buffers[i][t.starts[i]]; // big-endian two's complement: the first byte sign-extends
            for (int k = t.starts[i] + 1; k < t.starts[i] + t.lengths[i]; k++) v = (v << 8) | (t.buffers[i][k] & 0xFF);
            sink += v;
          } else {
            sink += t.lengths[i] > 0 ? t.buffers[i][t.starts[i]] : 0;
          }
        }
      }
    }
    return consume(sink, start);
  }

  private double rowRead(Path p) throws IOException {
    long sink = 0;
    long start = CPU.getCurrentThreadCpuTime();
    try (ColumnReader r = Cif.openColumn(fs, p, 256 << 20)) {
      for (int row = 0; row < rows; row++) sink += r.next() == null ? 0 : 1;
    }
    return consume(sink, start);
  }

  /** CPU ns per value since start; sink is printed to nothing so that the JIT cannot drop the loop that made it. */
  private double consume(long sink, long start) {
    double ns = (double) (CPU.getCurrentThreadCpuTime() - start) / rows;
    if (sink == Long.MIN_VALUE) out.print(sink);
    return ns;
  }
}
