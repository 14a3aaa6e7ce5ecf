package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.hive.CifHiveInputFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The vectorized reader: every test of {@link HiveTypesOnCifTest} again, now with every query run as
 * a vectorized job (no fetch-task shortcut), so every type, NULLs at every level and unions go
 * through {@link dev.cif.hive.vector.VectorizedCifReader} and are compared with ORC's vectorized
 * reader; the plans say the CIF scan is vectorized; and CIF's answers are the same with
 * vectorization on and off.
 */
class VectorizedReadTest extends HiveTypesOnCifTest {
  @BeforeAll
  static void runEveryQueryAsAVectorizedJob() {
    hive.set("hive.fetch.task.conversion", "none");
    hive.set("hive.vectorized.execution.enabled", "true");
  }

  @Test
  void planSaysTheCifScanIsVectorized() throws Exception {
    String plan = String.join("\n", hive.run("EXPLAIN VECTORIZATION SELECT id, s, m['a'], st.c FROM ctas_cif WHERE bi > 0"));
    assertTrue(plan.contains("inputFileFormats: " + CifHiveInputFormat.class.getName()), plan);
    assertTrue(plan.contains("hive.vectorized.use.vectorized.input.format IS true"), plan);
    assertTrue(plan.contains("vectorized: true"), plan);
    assertTrue(!plan.contains("vectorized: false"), plan);
  }

  /**
   * Hive reads decimals of precision up to 18 as DECIMAL_64 (Decimal64ColumnVector, filled straight
   * from PACKED longs) when the input format offers it, else as HiveDecimalWritables
   * (DecimalColumnVector); both give ORC's answers.
   */
  @Test
  void decimalsWithAndWithoutDecimal64() throws Exception {
    String explain = "EXPLAIN VECTORIZATION DETAIL SELECT sum(p) FROM dcif";
    assertTrue(String.join("\n", hive.run(explain)).contains("p:decimal(18,4)/DECIMAL_64"), String.join("\n", hive.run(explain)));
    hive.set("hive.vectorized.input.format.supports.enabled", "");
    try {
      String plan = String.join("\n", hive.run(explain));
      // The format still offers DECIMAL_64; Hive uses it for no column.
      assertTrue(plan.contains("p:decimal(18,4)") && !plan.contains("/DECIMAL_64") && plan.contains("featureSupportInUse: []"), plan);
      decimalsSameAsOrc();
    } finally {
      hive.set("hive.vectorized.input.format.supports.enabled", "decimal_64");
    }
    decimalsSameAsOrc();
  }

  @Test
  void sameAnswersWithVectorizationOnAndOff() throws Exception {
    List<String> queries = List.of(
        "SELECT * FROM $t",
        "SELECT id, m['a'], mi[3], arr[0], st.b, size(st.c) FROM $t WHERE id > 1",
        "SELECT count(*), count(amt), sum(amt), min(ts), max(c), max(vc), sum(length(s)) FROM $t",
        "SELECT * FROM ucif",
        "SELECT * FROM dcif",
        "SELECT sum(p), avg(q), max(w), sum(t * 2) FROM dcif WHERE p <> 0");
    for (String q : queries) {
      String query = q.replace("$t", "ins_cif");
      List<String> on = EmbeddedHive.sorted(hive.run(query));
      hive.set("hive.vectorized.execution.enabled", "false");
      List<String> off;
      try {
        off = EmbeddedHive.sorted(hive.run(query));
      } finally {
        hive.set("hive.vectorized.execution.enabled", "true");
      }
      assertTrue(on.size() > 0, query);
      assertEquals(off, on, query);
    }
  }
}
