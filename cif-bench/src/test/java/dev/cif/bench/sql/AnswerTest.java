package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerTest {
  @Test
  void rowOrderAndLastBitsOfDoublesDoNotMatter() {
    Answer a = new Answer(List.of("FRANCE\t1995\t5.4960095476543E7", "GERMANY\t1995\t12.5"));
    Answer b = new Answer(List.of("GERMANY\t1995\t12.500000000000002", "FRANCE\t1995\t54960095.47654301"));
    assertNull(a.difference(b));
  }

  @Test
  void differentValuesRowsOrColumnsAreReported() {
    // a cent in 5.5 million is 1.8e-9 of it: more than the tolerance
    Answer a = new Answer(List.of("FRANCE\t1995\t5496009.47"));
    assertNotNull(a.difference(new Answer(List.of("FRANCE\t1995\t5496009.48"))));
    assertNotNull(a.difference(new Answer(List.of("FRANCE\t1996\t5496009.47"))));
    assertNotNull(a.difference(new Answer(List.of("GERMANY\t1995\t5496009.47"))));
    assertNotNull(a.difference(new Answer(List.of("FRANCE\t1995"))));
    assertNotNull(a.difference(new Answer(List.of())));
    assertNotNull(new Answer(List.of("0.05")).difference(new Answer(List.of("0.0500011"))));
  }
}
