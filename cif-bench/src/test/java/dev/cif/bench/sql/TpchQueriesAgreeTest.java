package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The 22 TPC-H queries at SF 0.01 on CIF, ORC and TEXTFILE give the same answers; every CIF scan runs vectorized. */
class TpchQueriesAgreeTest extends QueriesAgreeOnFormats {
  @Test
  void everyTpchQueryAgreesOnEveryFormat() throws Exception {
    // No load warm-up: SsbQueriesAgreeTest runs it; CI time is scarce.
    BenchRun run = runEveryQuery("tpch", "0.01", 0);
    assertTrue(nonEmptyAnswers(run) >= 20, nonEmptyAnswers(run) + " non-empty answers");
    cifScansAreVectorized(run, false);
  }
}
