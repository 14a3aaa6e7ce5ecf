package dev.cif.placement;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The figures of each fault test, appended to {@code target/placement-faults.md} as a table row: the
 * share of split-directories co-located right after the fault, and how long until co-location was
 * whole again (-1: not within the wait). Written before the test asserts, so a failing run (an older
 * policy) still reports its figures.
 */
final class FaultFigures {
  private static final Path FILE = Path.of("target", "placement-faults.md");

  private FaultFigures() {
  }

  static synchronized void record(String fault, double coLocatedPercent, long restoreMillis) {
    String row = String.format(Locale.ROOT, "| %s | %.1f%% | %s |%n", fault, coLocatedPercent,
        restoreMillis < 0 ? "not restored" : String.format(Locale.ROOT, "%.1f s",
            restoreMillis / 1000.0));
    try {
      Files.createDirectories(FILE.getParent());
      if (!Files.exists(FILE)) {
        Files.writeString(FILE, "| fault | co-located after it | time to restore |\n|---|---:|---:|\n",
            StandardCharsets.UTF_8);
      }
      Files.writeString(FILE, row, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
