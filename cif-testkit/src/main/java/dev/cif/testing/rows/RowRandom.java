package dev.cif.testing.rows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.avro.util.Utf8;

/**
 * Per-row random streams and the small drawing helpers the generators share.
 *
 * <p>Each row gets its own {@link SplittableRandom} seeded from (seed, row index) through a 64-bit mixer,
 * so neighbouring rows and neighbouring seeds give unrelated streams and no generator keeps a cursor.
 */
public final class RowRandom {

  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  /** Printable ASCII without the space, so strings stay readable and free of separators. */
  private static final char FIRST_READABLE = '!';
  private static final char LAST_READABLE = '~';

  private RowRandom() {}

  /** The random stream of one row; {@code stream} separates independent uses of the same row. */
  public static SplittableRandom forRow(long seed, long row, int stream) {
    long h = mix64(seed + GOLDEN_GAMMA * (stream + 1));
    return new SplittableRandom(mix64(h + GOLDEN_GAMMA * row));
  }

  /** The SplitMix64 / Stafford variant 13 finaliser: a bijection that scatters nearby inputs. */
  public static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A random readable-ASCII string of exactly {@code length} characters. */
  public static Utf8 readableAscii(SplittableRandom random, int length) {
    return new Utf8(readableAsciiBytes(random, length));
  }

  public static byte[] readableAsciiBytes(SplittableRandom random, int length) {
    byte[] bytes = new byte[length];
    fillReadableAscii(random, bytes, 0);
    return bytes;
  }

  static void fillReadableAscii(SplittableRandom random, byte[] bytes, int from) {
    for (int i = from; i < bytes.length; i++) {
      bytes[i] = (byte) random.nextInt(FIRST_READABLE, LAST_READABLE + 1);
    }
  }

  /** A random string of lowercase letters, e.g. for map keys that should look like identifiers. */
  public static String lowercase(SplittableRandom random, int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) random.nextInt('a', 'z' + 1);
    }
    return new String(chars);
  }

  /** Uniform in {@code [min, max]}, both inclusive. */
  public static int between(SplittableRandom random, int min, int max) {
    return random.nextInt(min, max + 1);
  }

  /** One element, uniformly. */
  public static <T> T pick(SplittableRandom random, T[] choices) {
    return choices[random.nextInt(choices.length)];
  }

  /**
   * {@code count} distinct elements of {@code items} in random order (a partial Fisher-Yates shuffle of a
   * copy), for "a varying subset" of map keys or headers.
   */
  public static <T> List<T> sample(SplittableRandom random, T[] items, int count) {
    if (count > items.length) {
      throw new IllegalArgumentException("cannot sample " + count + " of " + items.length);
    }
    T[] copy = items.clone();
    List<T> chosen = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int j = i + random.nextInt(copy.length - i);
      T item = copy[j];
      copy[j] = copy[i];
      copy[i] = item;
      chosen.add(item);
    }
    return chosen;
  }

  /**
   * An index in {@code [0, n)} skewed towards 0 (u³ scaling), which gives word frequencies and header
   * values the long-tailed shape of real text, so the data compresses like real text rather than noise.
   */
  public static int skewedIndex(SplittableRandom random, int n) {
    double u = random.nextDouble();
    return (int) (n * u * u * u);
  }
}
