package dev.cif.hardening;

import dev.cif.VectorTarget;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.CifFormatException;
import dev.cif.impl.layout.dcsl.DcslMap;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.RandomData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a split-directory every way a client can: eagerly, lazily with a random pattern of get()
 * (including one-key lookups on maps), and column by column with random skipTo/next or, for
 * columns with an array form, in batches with gaps between them (as a vectorized reader). Each way
 * either reads values or stops at a CifFormatException; any other exception escapes to the caller.
 */
final class ReadBack {
  /** The reader's allocation cap: blocks over 2 x this + 1 MiB are refused before allocation. */
  static final long MAX_VALUE_BYTES = 1 << 20;

  /** How one way of reading ended: every value as expected, some value different, or corrupt. */
  static final class Outcome {
    final String way;
    final String difference;
    final CifFormatException error;

    Outcome(String way, String difference, CifFormatException error) {
      this.way = way;
      this.difference = difference;
      this.error = error;
    }

    boolean same() { return difference == null && error == null; }

    @Override public String toString() { return way + ": " + (error != null ? error.getMessage() : difference != null ? difference : "same"); }
  }

  private final FileSystem fs;
  private final Path dir;
  private final Schema schema;
  private final List<? extends GenericRecord> expected;
  private final Random rnd;

  ReadBack(FileSystem fs, Path dir, Schema schema, List<? extends GenericRecord> expected, long seed) {
    this.fs = fs;
    this.dir = dir;
    this.schema = schema;
    this.expected = expected;
    this.rnd = new Random(seed);
  }

  /** One way, chosen by the mutation's choices: reading all three every time would triple the cost per input. */
  Outcome oneWay(int way) throws IOException {
    switch (way) {
      case 0: return records(RecordType.EAGER);
      case 1: return records(RecordType.LAZY);
      default: return columns();
    }
  }

  private Outcome records(RecordType type) throws IOException {
    String way = type.name().toLowerCase(java.util.Locale.ROOT);
    try (SplitRecordReader r = new SplitRecordReader(fs, List.of(dir), Projection.of(schema, ""), type, MAX_VALUE_BYTES)) {
      int n = 0;
      while (r.next()) {
        if (n >= expected.size()) return new Outcome(way, "more rows than written", null);
        for (Schema.Field f : schema.getFields()) {
          // Lazily, a column is asked for now and then, so the rest are skipped through skip lists.
          if (type == RecordType.LAZY && rnd.nextInt(3) == 0) continue;
          String diff = compare(expected.get(n).get(f.pos()), r.current().get(f.pos()));
          if (diff != null) return new Outcome(way, "row " + n + " column " + f.name() + ": " + diff, null);
        }
        n++;
      }
      return new Outcome(way, n == expected.size() ? null : n + " rows of " + expected.size(), null);
    } catch (CifFormatException e) {
      return new Outcome(way, null, e);
    } catch (UncheckedIOException e) {
      return new Outcome(way, null, unwrap(e));
    }
  }

  private Outcome columns() throws IOException {
    try {
      SplitDirectory sd = SplitDirectory.open(fs, dir);
      for (Schema.Field f : schema.getFields()) {
        if (!sd.hasColumn(f.name())) return new Outcome("columns", "column " + f.name() + " is gone", null);
        try (ColumnFileReader r = sd.openColumn(f.name(), MAX_VALUE_BYTES)) {
          if (r.rowCount() != expected.size()) return new Outcome("columns", f.name() + " has " + r.rowCount() + " rows", null);
          if (r.vectorKind() != null && rnd.nextBoolean()) {
            String diff = batches(r, f.pos());
            if (diff != null) return new Outcome("columns", "column " + f.name() + " in batches: " + diff, null);
            continue;
          }
          for (long row = rnd.nextInt(8); row < expected.size(); row += 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 40)) {
            r.skipTo(row);
            String diff = compare(expected.get((int) row).get(f.pos()), r.next());
            if (diff != null) return new Outcome("columns", "row " + row + " column " + f.name() + ": " + diff, null);
          }
        }
      }
      return new Outcome("columns", null, null);
    } catch (CifFormatException e) {
      return new Outcome("columns", null, e);
    } catch (UncheckedIOException e) {
      return new Outcome("columns", null, unwrap(e));
    }
  }

  /** Reads the column in runs of random length with random gaps, checking every value of every run. */
  private String batches(ColumnFileReader r, int column) throws IOException {
    VectorTarget t = VectorTarget.allocate(r.vectorKind(), expected.size());
    for (int row = rnd.nextInt(8); row < expected.size(); ) {
      int n = Math.min(expected.size() - row, 1 + rnd.nextInt(100));
      r.skipTo(row);
      r.readBatch(t, row, n);
      for (int i = row; i < row + n; i++) {
        Object want = expected.get(i).get(column);
        Object got = t.isNull[i] ? null : t.longs != null ? (Object) t.longs[i] : t.doubles != null ? (Object) t.doubles[i]
            : RandomData.normalize(ByteBuffer.wrap(Arrays.copyOfRange(t.buffers[i], t.starts[i], t.starts[i] + t.lengths[i])));
        if (want instanceof Boolean) want = (Boolean) want ? 1L : 0L;
        else if (want instanceof Integer) want = (long) (Integer) want;
        else if (want instanceof Float) want = (double) (Float) want;
        else if (want instanceof CharSequence) want = ByteBuffer.wrap(want.toString().getBytes(StandardCharsets.UTF_8));
        // A PACKED decimal's batch is its unscaled values (format version 4); rows hold the minimal bytes.
        else if (want instanceof ByteBuffer && t.longs != null) want = unscaled((ByteBuffer) want);
        if (!Objects.equals(RandomData.normalize(want), got)) return "row " + i + ": expected " + RandomData.normalize(want) + ", read " + got;
      }
      row += n + (rnd.nextBoolean() ? 0 : rnd.nextInt(30));
    }
    return null;
  }

  private static long unscaled(ByteBuffer minimalBytes) {
    byte[] b = new byte[minimalBytes.remaining()];
    minimalBytes.duplicate().get(b);
    return new java.math.BigInteger(b).longValueExact();
  }

  /** A DCSL map is also asked for single keys, which decodes one value without the rest. */
  private String compare(Object want, Object got) {
    if (want instanceof Map && got instanceof Map) {
      Map<?, ?> g = (Map<?, ?>) got;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) want).entrySet()) {
        if (rnd.nextInt(2) == 0) continue;
        // A DCSL map is asked with a String key too, which it must accept as well as Utf8.
        Object v = g.get(got instanceof dev.cif.impl.layout.dcsl.DcslMap ? e.getKey().toString() : e.getKey());
        if (!Objects.equals(RandomData.normalize(e.getValue()), RandomData.normalize(v))) return "key " + e.getKey() + " is " + v;
      }
      if (rnd.nextInt(2) == 0 && g.size() != ((Map<?, ?>) want).size()) return "map size " + g.size();
    }
    Object w = RandomData.normalize(want);
    Object v = RandomData.normalize(got);
    return Objects.equals(w, v) ? null : "expected " + w + ", read " + v;
  }

  /** LazyRecord.get and DcslMap may only wrap a CifFormatException; anything else is a bug. */
  private static CifFormatException unwrap(UncheckedIOException e) {
    if (e.getCause() instanceof CifFormatException) return (CifFormatException) e.getCause();
    throw e;
  }
}
