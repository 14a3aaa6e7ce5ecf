package dev.cif.hardening;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cif.impl.column.ColumnFileReader;
import dev.cif.CifFormatException;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every split-directory under src/test/resources/regressions: inputs that once made a
 * reader fail other than with CifFormatException (see docs/reliability.md). Each must now be
 * refused with a CifFormatException naming file, column and offset, read every way, in bounded time.
 */
class RegressionFilesTest {
  @TestFactory
  Stream<DynamicTest> everyRegressionFileIsRefused() throws IOException, URISyntaxException {
    Path root = Path.of(RegressionFilesTest.class.getResource("/regressions").toURI());
    List<Path> dirs;
    try (Stream<Path> s = Files.list(root)) {
      dirs = s.filter(Files::isDirectory).sorted().toList();
    }
    assertFalse(dirs.isEmpty(), "no regression files under " + root);
    return dirs.stream().map(d -> DynamicTest.dynamicTest(d.getFileName().toString(), () -> assertRefused(d)));
  }

  /** Eagerly, lazily (every column of every row) and column by column, each ends in CifFormatException. */
  static void assertRefused(Path dir) throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    org.apache.hadoop.fs.Path split = new org.apache.hadoop.fs.Path(dir.toUri());
    for (String way : new String[] {"eager", "lazy", "columns"}) {
      assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
        try {
          readAll(fs, split, way);
          fail(way + " read of " + dir + " succeeded");
        } catch (CifFormatException e) {
          assertNull(MutationRun.unnamed(e), e.getMessage());
        } catch (UncheckedIOException e) {
          if (!(e.getCause() instanceof CifFormatException)) throw e;
          assertNull(MutationRun.unnamed((CifFormatException) e.getCause()), e.getMessage());
        }
      }, way + " read of " + dir);
    }
  }

  private static void readAll(FileSystem fs, org.apache.hadoop.fs.Path split, String way) throws IOException {
    SplitDirectory sd = SplitDirectory.open(fs, split);
    Schema schema = sd.schema();
    if (way.equals("columns")) {
      for (Schema.Field f : schema.getFields()) {
        try (ColumnFileReader r = sd.openColumn(f.name(), ReadBack.MAX_VALUE_BYTES)) {
          for (long i = 0; i < r.rowCount(); i++) r.next();
        }
      }
      return;
    }
    RecordType type = way.equals("eager") ? RecordType.EAGER : RecordType.LAZY;
    try (SplitRecordReader r = new SplitRecordReader(fs, List.of(split), Projection.of(schema, ""), type, ReadBack.MAX_VALUE_BYTES)) {
      while (r.next()) {
        GenericRecord rec = r.current();
        for (int i = 0; i < schema.getFields().size(); i++) dev.cif.testing.RandomData.normalize(rec.get(i));
      }
    }
  }
}
