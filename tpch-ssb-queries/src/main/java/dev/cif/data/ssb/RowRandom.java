package dev.cif.sqlbench;

import java.util.SplittableRandom;

/**
 * The random stream of one generated row: a function of (seed, table, row) only, so a row's values do
 * not depend on which part or thread writes it.
 */
final class RowRandom {
  private static final String ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,.";
  private final SplittableRandom random;

  RowRandom(long seed, int table, long row) {
    random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + table * 0xC2B2AE3D27D4EB4FL + row);
  }

  /** Uniform in [lo, hi], both inclusive. */
  int between(int lo, int hi) { return random.nextInt(lo, hi + 1); }

  long between(long lo, long hi) { return random.nextLong(lo, hi + 1); }

  <T> T pick(T[] values) { return values[random.nextInt(values.length)]; }

  /** Random text of a length uniform in [min, max] (TPC-H's v-string). */
  String text(int min, int max) {
    char[] c = new char[between(min, max)];
    for (int i = 0; i < c.length; i++) c[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
    return new String(c);
  }

  /** Digits, e.g. the parts of a phone number. */
  String digits(int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) c[i] = (char) ('0' + random.nextInt(10));
    return new String(c);
  }
}
