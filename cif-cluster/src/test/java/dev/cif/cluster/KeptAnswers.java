package dev.cif.cluster;

import dev.cif.bench.sql.Answer;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * Answers kept between benchmark runs (-Dcif.bench.answers=DIR), so that a run after a change (the merge) is
 * checked against the run before it: the first run writes each answer's rows, a later one compares with them.
 */
final class KeptAnswers {
  private KeptAnswers() {}

  /** Null if the rows agree with the kept answer named {@code name} in {@code dir}, or none was kept (then they are). */
  static String check(File dir, String name, List<String> rows) throws IOException {
    File kept = new File(dir, name + ".tsv");
    if (!kept.exists()) {
      dir.mkdirs();
      Files.write(kept.toPath(), rows, StandardCharsets.UTF_8);
      return null;
    }
    return new Answer(Files.readAllLines(kept.toPath(), StandardCharsets.UTF_8)).difference(new Answer(rows));
  }
}
