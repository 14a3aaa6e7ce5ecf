package dev.cif.data;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes generated tables as '|'-delimited text, {@code dir/<table>/part-NNNNN.tbl}, parts in
 * parallel, printing progress every few seconds. A finished data set holds {@code dir/_ROWS} (rows
 * per table); a directory that has it is reused as it is.
 */
public final class TextDataWriter {
  /** Rows per part file: small enough to spread over threads, large enough to keep files few. */
  static final long ROWS_PER_PART = 1_000_000;
  static final String DONE = "_ROWS";

  private final int threads;
  private final PrintStream progress;

  public TextDataWriter(int threads, PrintStream progress) {
    this.threads = threads;
    this.progress = progress;
  }

  /** Generates every table unless {@code dir} already holds a finished data set; returns rows per table. */
  public Map<String, Long> write(Path dir, List<TableGenerator> tables) throws IOException, InterruptedException {
    Path done = dir.resolve(DONE);
    if (Files.exists(done)) return readRows(done);
    Map<String, AtomicLong> written = new LinkedHashMap<>();
    List<Future<?>> futures = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long start = System.nanoTime();
    try {
      for (TableGenerator t : tables) {
        AtomicLong rows = new AtomicLong();
        written.put(t.table(), rows);
        Path tableDir = dir.resolve(t.table());
        Files.createDirectories(tableDir);
        int parts = (int) Math.max(1, Math.min(1000, (t.expectedRows() + ROWS_PER_PART - 1) / ROWS_PER_PART));
        for (int p = 0; p < parts; p++) {
          int part = p;
          futures.add(pool.submit(() -> writePart(t, part, parts, tableDir.resolve(String.format("part-%05d.tbl", part)), rows)));
        }
      }
      pool.shutdown();
      while (!pool.awaitTermination(5, TimeUnit.SECONDS)) report(tables, written, start);
      for (Future<?> f : futures) f.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IOException("generating " + dir + ": " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
    report(tables, written, start);
    StringBuilder sb = new StringBuilder();
    written.forEach((k, v) -> sb.append(k).append('=').append(v.get()).append('\n'));
    Files.writeString(done, sb.toString());
    return readRows(done);
  }

  private static Void writePart(TableGenerator t, int part, int parts, Path file, AtomicLong rows) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      t.writePart(part, parts, line -> {
        w.append(line).append('\n');
        rows.incrementAndGet();
      });
    }
    return null;
  }

  private void report(List<TableGenerator> tables, Map<String, AtomicLong> written, long start) {
    StringBuilder sb = new StringBuilder(String.format("generated after %.0f s:", (System.nanoTime() - start) / 1e9));
    for (TableGenerator t : tables) {
      long n = written.get(t.table()).get();
      sb.append(String.format(" %s %,d/%,d (%.0f%%)", t.table(), n, t.expectedRows(), 100.0 * n / Math.max(1, t.expectedRows())));
    }
    progress.println(sb);
  }

  static Map<String, Long> readRows(Path done) throws IOException {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String l : Files.readAllLines(done)) {
      if (l.isBlank()) continue;
      rows.put(l.substring(0, l.indexOf('=')), Long.parseLong(l.substring(l.indexOf('=') + 1)));
    }
    return rows;
  }

}
