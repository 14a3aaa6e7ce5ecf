package dev.cif.impl.split;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.CifFormatException;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;


/**
 * A flipped bit, a truncated file and a missing column file each give a CifFormatException that
 * names the file, the column and the offset; never a wrong value.
 */
class CorruptionTest {
  private static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"name\",\"type\":\"string\"},"
      + "{\"name\":\"m\",\"type\":{\"type\":\"map\",\"values\":\"int\"}}]}");

  private final TestFs t;
  private final List<GenericData.Record> rows = new ArrayList<>();

  CorruptionTest() throws IOException {
    t = new TestFs();
    RandomData data = new RandomData(11);
    for (int i = 0; i < 3000; i++) rows.add(data.record(SCHEMA));
  }

  private Path write(String name, BlockCodec codec) throws IOException {
    Path dir = t.path(name);
    WriteOptions o = new WriteOptions().blockBytes(4096).codec("*", codec).layout("m", ColumnLayout.DCSL);
    try (DatasetWriter w = new DatasetWriter(t.fs, dir, "p", SCHEMA, o)) {
      for (GenericData.Record r : rows) w.write(r);
    }
    return DatasetListing.splitDirectories(t.fs, dir).get(0);
  }

  /** Reads everything; returns normally only if every value equals the original. */
  private void readAll(Path split, RecordType type) throws IOException {
    try (SplitRecordReader r = new SplitRecordReader(t.fs, List.of(split), Projection.of(SCHEMA, ""), type, 1 << 26)) {
      int n = 0;
      while (r.next()) {
        for (String c : new String[] {"id", "name", "m"}) {
          assertEquals(RandomData.normalize(rows.get(n).get(c)), RandomData.normalize(r.current().get(c)), "row " + n + " " + c);
        }
        n++;
      }
      assertEquals(rows.size(), n);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static File columnFile(Path split, String prefix) {
    File[] files = new File(split.toUri()).listFiles((d, n) -> n.startsWith(prefix) && n.endsWith(".cif"));
    return files[0];
  }

  private static void assertNames(CifFormatException e, File file) {
    assertTrue(e.file().contains(file.getName()), e.getMessage());
    assertTrue(e.getMessage().contains("offset"), e.getMessage());
    assertTrue(e.offset() >= 0 && e.offset() <= file.length(), e.getMessage());
  }

  @Test
  void everyFlippedBitIsCaught() throws IOException {
    Random rnd = new Random(5);
    for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.ZSTD}) {
      Path split = write("flip" + codec, codec);
      for (String col : new String[] {"0000", "0001", "0002"}) {
        File f = columnFile(split, col);
        long len = f.length();
        for (int trial = 0; trial < 40; trial++) {
          long pos = trial < 6 ? new long[] {0, 5, 12, len / 2, len - 10, len - 1}[trial] : (long) (rnd.nextDouble() * len);
          int bit = 1 << rnd.nextInt(8);
          flip(f, pos, bit);
          new File(f.getParent(), "." + f.getName() + ".crc").delete(); // test CIF's own CRCs
          try {
            readAll(split, trial % 2 == 0 ? RecordType.LAZY : RecordType.EAGER);
            fail("flipping bit " + bit + " at " + pos + " of " + f + " went unnoticed");
          } catch (CifFormatException e) {
            assertNames(e, f);
            assertTrue(e.column() != null || pos < 40, "column named: " + e.getMessage());
          } finally {
            flip(f, pos, bit);
            new File(f.getParent(), "." + f.getName() + ".crc").delete();
          }
        }
        readAll(split, RecordType.LAZY); // restored
      }
    }
  }

  @Test
  void truncatedFilesAreCaught() throws IOException {
    Path split = write("trunc", BlockCodec.NONE);
    File f = columnFile(split, "0001");
    byte[] whole = Files.readAllBytes(f.toPath());
    for (long cut : new long[] {0, 3, 20, whole.length / 3, whole.length - 13, whole.length - 1}) {
      try (RandomAccessFile raf = new RandomAccessFile(f, "rw")) {
        raf.setLength(cut);
      }
      new File(f.getParent(), "." + f.getName() + ".crc").delete();
      try {
        readAll(split, RecordType.EAGER);
        fail("truncation to " + cut + " went unnoticed");
      } catch (CifFormatException e) {
        assertTrue(e.file().contains(f.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
      } finally {
        Files.write(f.toPath(), whole);
        new File(f.getParent(), "." + f.getName() + ".crc").delete();
      }
    }
  }

  @Test
  void missingColumnFileIsNamed() throws IOException {
    Path split = write("missing", BlockCodec.NONE);
    File f = columnFile(split, "0002");
    assertTrue(f.delete());
    try {
      readAll(split, RecordType.LAZY);
      fail("missing file went unnoticed");
    } catch (CifFormatException e) {
      assertTrue(e.file().contains(f.getName()), e.getMessage());
      assertEquals("m", e.column());
      assertEquals(0, e.offset());
    }
  }

  private static void flip(File f, long pos, int bit) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(f, "rw")) {
      raf.seek(pos);
      int b = raf.read();
      raf.seek(pos);
      raf.write(b ^ bit);
    }
  }
}
