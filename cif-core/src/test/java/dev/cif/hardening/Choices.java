package dev.cif.hardening;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.Random;

/**
 * Where a mutation's decisions come from: a seeded Random in the CI smoke (reproducible from the
 * seed in the failure message), or the fuzzer's bytes under Jazzer, so that coverage guides them.
 */
interface Choices {
  /** A number in [0, bound). */
  int nextInt(int bound);

  static Choices of(Random rnd) { return rnd::nextInt; }

  /** Once the fuzzer's bytes run out every choice is 0, which still makes a valid mutation. */
  static Choices of(FuzzedDataProvider data) { return bound -> data.consumeInt(0, bound - 1); }
}
