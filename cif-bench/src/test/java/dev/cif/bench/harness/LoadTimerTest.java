package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.mr.Formats;
import dev.cif.bench.data.Dataset;
import dev.cif.bench.data.SyntheticData;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadTimerTest {

  @TempDir File tmp;

  @Test
  void timesEveryLoadAndKeepsItAsTheStoredCopy() throws IOException {
    FileSystem fs = LocalFs.open();
    DatasetStore store = new DatasetStore(fs, LocalFs.root(fs, tmp), new PrintStream(OutputStream.nullOutputStream()));
    Dataset data = new Dataset(new SyntheticData(3), 200);
    List<FormatUnderTest> formats = Formats.named(List.of("seq-uncomp", "cif-sl"));
    List<LoadResult> loads = new LoadTimer(store, new PrintStream(OutputStream.nullOutputStream()))
        .run(data, formats);
    assertEquals(3, loads.size());
    assertEquals(LoadTimer.GENERATOR, loads.get(0).format());
    assertEquals(200, loads.get(0).rows());
    for (int i = 1; i < 3; i++) {
      assertEquals(formats.get(i - 1).name(), loads.get(i).format());
      assertTrue(loads.get(i).sizeOnDisk() > 0 && loads.get(i).wallNanos() > 0);
      assertTrue(fs.exists(store.dirOf(data, formats.get(i - 1))), "timed load kept");
    }
    String md = new LoadTable(loads).markdown();
    assertTrue(md.contains("| cif-sl |"), md);
  }
}
