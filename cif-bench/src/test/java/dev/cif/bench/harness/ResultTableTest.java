package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {

  private static BenchResult result(String job, String format, long wall, long cpu) {
    return new BenchResult("fig7", "synthetic", job, format, 10, 100, new Measurement(wall, cpu, 1), "a");
  }

  @Test
  void ratioToBestPeerDividesByTheFastestOrcOrParquetVariantOfTheSameJob() {
    List<BenchResult> results = List.of(
        result("int", "orc", 400, 300), result("int", "parquet-zstd", 200, 350),
        result("int", "cif", 100, 70), result("int", "avro", 50, 50),
        result("map", "cif", 100, 100));
    ResultTable table = new ResultTable(results, "orc");
    assertEquals(0.5, table.ratioToBestPeer(results.get(2), Measurement::wallNanos).orElseThrow(), 1e-9);
    assertEquals(70 / 300.0, table.ratioToBestPeer(results.get(2), Measurement::cpuNanos).orElseThrow(),
        1e-9);
    assertTrue(table.ratioToBestPeer(results.get(4), Measurement::wallNanos).isEmpty(), "no peer ran 'map'");
    assertTrue(table.markdown().contains("| fig7 | int | cif | 10 |"));
    assertTrue(table.markdown().contains("| 0.50 | 0.23 |"), table.markdown());
  }

  @Test
  void csvRowsHaveAFieldForEveryHeaderColumn() throws java.io.IOException {
    java.io.StringWriter csv = new java.io.StringWriter();
    new ResultTable(List.of(result("int", "orc", 400, 300), result("int", "cif", 100, 70)), "orc").writeCsv(csv);
    List<String> lines = csv.toString().lines().toList();
    assertEquals(3, lines.size());
    int columns = lines.get(0).split(",").length;
    for (String line : lines) {
      assertEquals(columns, line.split(",", -1).length, line);
    }
    assertTrue(lines.get(2).startsWith("fig7,synthetic,int,cif,10,100,1,-1,100,70,4.0000,0.2500,0.2333,a"),
        lines.get(2));
  }

  @Test
  void onlyOrcAndParquetCountAsPeers() {
    assertTrue(ResultTable.isPeer("orc-zlib"));
    assertTrue(ResultTable.isPeer("parquet"));
    assertTrue(!ResultTable.isPeer("rcfile") && !ResultTable.isPeer("cif-dcsl"));
  }
}
