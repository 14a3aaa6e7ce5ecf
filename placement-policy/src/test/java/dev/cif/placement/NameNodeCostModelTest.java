package dev.cif.placement;

import static dev.cif.placement.NameNodeCostModel.GIB;
import static dev.cif.placement.NameNodeCostModel.MIB;
import static dev.cif.placement.NameNodeCostModel.PIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The worked example of docs/scale-placement.md: a 1 PiB table of 50 columns, 128 MiB blocks. */
class NameNodeCostModelTest {
  private static final long BLOCK = 128 * MIB;

  @Test
  void orcAndParquetAtOneGibFilesNeedAboutNineMillionObjects() {
    NameNodeCostModel.Objects orc = NameNodeCostModel.rowFiles(PIB, GIB, BLOCK);
    assertEquals(1_048_576, orc.files());
    assertEquals(8_388_608, orc.blocks());
    assertEquals(9_437_184, orc.total());
    assertEquals(9_437_184L * 150, orc.heapBytes(0));
  }

  @Test
  void cifAt256MibSplitDirectoriesNeedsAbout430MillionObjects() {
    NameNodeCostModel.Objects cif = NameNodeCostModel.cif(PIB, 50, 256 * MIB, BLOCK);
    assertEquals(4_194_304, cif.directories());
    // Each column file (about 5 MiB) is smaller than a block and still costs one; so does the schema
    // file: 51 files and 51 blocks per split-directory.
    assertEquals(4_194_304L * 51, cif.files());
    assertEquals(4_194_304L * 51, cif.blocks());
    assertEquals(432_013_312, cif.total());
    assertEquals(45.8, ratio(cif), 0.05);
  }

  @Test
  void splitDirectoriesOfFourGibBringCifWithinThreeTimesOrc() {
    assertEquals(4 * GIB, NameNodeCostModel.smallestSplitWithin(3, PIB, 50, BLOCK, 256 * MIB));
    NameNodeCostModel.Objects at4 = NameNodeCostModel.cif(PIB, 50, 4 * GIB, BLOCK);
    assertEquals(262_144 + 262_144 * 51 + 262_144 * 51, at4.total());
    assertEquals(2.9, ratio(at4), 0.05);
    // The schema files alone (2 objects per split-directory) put 3.75 GiB just above 3x.
    NameNodeCostModel.Objects below = NameNodeCostModel.cif(PIB, 50, 3840 * MIB, BLOCK);
    assertTrue(ratio(below) > 3, "3.75 GiB is still above 3x: " + ratio(below));
  }

  @Test
  void columnFilesLargerThanABlockCostOneBlockPerBlockSize() {
    // 8 GiB over 50 columns: about 164 MiB per column file, two 128 MiB blocks each; the schema file
    // one.
    NameNodeCostModel.Objects at8 = NameNodeCostModel.cif(PIB, 50, 8 * GIB, BLOCK);
    assertEquals(131_072 * (50 * 2L + 1), at8.blocks());
    assertEquals(2.1, ratio(at8), 0.05);
  }

  @Test
  void theHomesHeapIsCountedPerSplitDirectory() {
    NameNodeCostModel.Objects cif = NameNodeCostModel.cif(PIB, 50, 256 * MIB, BLOCK);
    assertEquals(cif.total() * 150 + 4_194_304L * NameNodeCostModel.HEAP_PER_HOME,
        cif.heapBytes(cif.directories()));
  }

  @Test
  void theCommandPrintsTheWorkedExampleAndRejectsBadOptions() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    assertEquals(0, PlacementTool.run(null, new String[] {"cost"}, out));
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("| ORC, 1 GiB files | 0 | 1.0 M | 8.4 M | 9.4 M | 1.0 |"), text);
    assertTrue(text.contains("| CIF, 256 MiB split-directories | 4.2 M | 213.9 M | 213.9 M | 432.0 M"
        + " | 45.8 |"), text);
    assertTrue(text.contains("within 3× ORC's objects: 4 GiB"), text);
    bytes.reset();
    assertEquals(PlacementTool.USAGE_OR_ERROR,
        PlacementTool.run(null, new String[] {"cost", "--columns", "0"}, out));
    assertEquals(PlacementTool.USAGE_OR_ERROR,
        PlacementTool.run(null, new String[] {"cost", "--columns"}, out));
    assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith("usage: cif placement cost"));
  }

  private static double ratio(NameNodeCostModel.Objects cif) {
    return (double) cif.total() / NameNodeCostModel.rowFiles(PIB, GIB, BLOCK).total();
  }
}
