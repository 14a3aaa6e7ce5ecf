package dev.cif.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Outcomes combine as SQL's three-valued logic: null AND false is false, null OR true is true. */
class OutcomesTest {
  @Test
  void threeValuedLogic() {
    Outcomes t = Outcomes.of(true, false, false);
    Outcomes f = Outcomes.of(false, true, false);
    assertEquals(Outcomes.ONLY_NULL, Outcomes.ONLY_NULL.and(t));
    assertEquals(f, Outcomes.ONLY_NULL.and(f));
    assertEquals(t, Outcomes.ONLY_NULL.or(t));
    assertEquals(Outcomes.ONLY_NULL, Outcomes.ONLY_NULL.or(f));
    assertEquals(Outcomes.ONLY_NULL, Outcomes.ONLY_NULL.not());
    assertEquals(Outcomes.ANY, Outcomes.ANY.not());
  }
}
