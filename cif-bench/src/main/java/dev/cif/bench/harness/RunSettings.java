package dev.cif.bench.harness;

/**
 * How to time: {@code warmups} untimed passes (class loading, JIT) then the median of {@code runs} timed
 * passes, and which format the ratios are relative to (the paper's Table 1 uses SEQ-custom). With
 * {@code coldCache} the OS page cache is dropped before every timed pass ({@link PageCache}).
 */
public record RunSettings(int warmups, int runs, String baseline, boolean coldCache) {

  public RunSettings {
    if (warmups < 0 || runs < 1) {
      throw new IllegalArgumentException("need warmups >= 0 and runs >= 1, got " + warmups + "/" + runs);
    }
  }

  /** Warm-cache settings. */
  public RunSettings(int warmups, int runs, String baseline) {
    this(warmups, runs, baseline, false);
  }
}
