package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The 22 TPC-H queries at SF 0.01 on CIF and TEXTFILE give the same answers; every CIF scan runs vectorized.
 * TEXTFILE (Hive's own row format) is the reference for CIF's answers; ORC is left out here, as a third format
 * checks ORC's answers, not CIF's, and costs a third of the suite's time (SsbQueriesAgreeTest runs ORC beside
 * the two, for the report's ratios).
 */
class TpchQueriesAgreeTest extends QueriesAgreeOnFormats {
  @Test
  void everyTpchQueryAgreesOnEveryFormat() throws Exception {
    // No load warm-up: SsbQueriesAgreeTest runs it; CI time is scarce.
    BenchRun run = runEveryQuery("tpch", "0.01", 0, java.util.List.of(Format.CIF, Format.TEXTFILE));
    assertTrue(nonEmptyAnswers(run) >= 20, nonEmptyAnswers(run) + " non-empty answers");
    cifScansAreVectorized(run, false);
  }
}
