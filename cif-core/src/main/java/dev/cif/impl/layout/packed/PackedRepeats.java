package dev.cif.impl.layout.packed;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The bit-packed words of a PACKED run, and the run's second form (format version 5, docs/FORMAT.md
 * §6.5): groups of consecutive equal values, each stored once with its length.
 * <pre>
 * Body := Groups:uvarint ValueWidth:u8 LengthWidth:u8
 *         Word:u64le{ceil(Groups * ValueWidth / 64)} Word:u64le{ceil(Groups * LengthWidth / 64)}
 * </pre>
 * Why: a table sorted by a key repeats that key's attributes on every row of the key (lineorder's
 * customer, order total and order date repeat on each of an order's 1 to 7 lines). Packing every
 * value to a fixed width keeps the repeats but at bit offsets that are not byte-aligned, so the block
 * codec finds no repeated bytes in them; storing each run of equal values once removes them before
 * the codec runs. The writer picks per run whichever form is smaller. The reader expands a repeats run
 * into a cache of one run the first time one of its values is asked for, so that random access,
 * skips and batches see the same values as in the frame-of-reference form and a forward scan expands
 * each run once.
 */
final class PackedRepeats {
  /** The width byte (bits 0-6) that marks a run of repeats: one past the widest frame-of-reference width. */
  public static final int WIDTH = 65;
  /** A group is at most a run long: its length minus 1 fits 10 bits. */
  static final int MAX_LENGTH_WIDTH = 10;
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  // Writer: the run's groups (value minus the run's minimum, length minus 1), and the words being packed.
  private long[] groupValues;
  private long[] groupLengths;
  private long[] words;
  private int groups;
  private int lengthWidth;
  // Reader: per run, the group count, both widths and where each word array starts; and one expanded run.
  private int[] groupCount = new int[0];
  private int[] widths = new int[0];
  private int[] valuesAt = new int[0];
  private int[] lengthsAt = new int[0];
  /** One expanded run, and 8 slots past it that a group's unconditional 8 stores may reach. */
  private final long[] cache = new long[PackedType.RUN + 8];
  private int cachedRun = -1;

  public static long words(long items, int width) { return (items * width + 63) / 64; }

  /**
   * Splits values [from, from + n) into groups of equal values and returns the repeats body's size.
   * A null takes the value before it (the minimum at the run's start), so that nulls inside a group
   * do not split it: their values are never read.
   */
  long group(long[] values, boolean[] nulls, int from, int n, long min, int valueWidth) {
    if (groupValues == null) {
      groupValues = new long[PackedType.RUN];
      groupLengths = new long[PackedType.RUN];
    }
    groups = 0;
    int longest = 0;
    long prev = min;
    for (int i = 0; i < n; i++) {
      long v = nulls[from + i] ? prev : values[from + i];
      if (i == 0 || v != prev) {
        groupValues[groups] = v - min;
        groupLengths[groups++] = 0;
      } else {
        longest = (int) Math.max(longest, ++groupLengths[groups - 1]);
      }
      prev = v;
    }
    lengthWidth = 32 - Integer.numberOfLeadingZeros(longest);
    return ByteSink.uvarLongSize(groups) + 2 + 8 * (words(groups, valueWidth) + words(groups, lengthWidth));
  }

  /** Writes the body of the groups the last {@link #group} call found. */
  void write(ByteSink out, int valueWidth) {
    out.writeUVarInt(groups);
    out.writeByte(valueWidth);
    out.writeByte(lengthWidth);
    writeWords(out, groupValues, groups, valueWidth);
    writeWords(out, groupLengths, groups, lengthWidth);
  }

  /** Packs items[0, count), each below 2^width, into little-endian words, item k at bits k * width. */
  void writeWords(ByteSink out, long[] items, int count, int width) {
    int n = (int) words(count, width);
    if (words == null || words.length < n) words = new long[Math.max(n, PackedType.RUN)];
    Arrays.fill(words, 0, n, 0);
    for (int i = 0; i < count && width > 0; i++) {
      long bit = (long) i * width;
      int w = (int) (bit >>> 6);
      int shift = (int) (bit & 63);
      words[w] |= items[i] << shift;
      if (shift + width > 64) words[w + 1] |= items[i] >>> (64 - shift);
    }
    for (int w = 0; w < n; w++) out.writeLongLE(words[w]);
  }

  /** Reader: a new block of the given runs; forgets the expanded run, whose bytes the block buffer no longer holds. */
  void beginBlock(int runs) {
    if (groupCount.length < runs) {
      groupCount = new int[runs];
      widths = new int[runs];
      valuesAt = new int[runs];
      lengthsAt = new int[runs];
    }
    cachedRun = -1;
  }

  /**
   * Reads the body of run r, which holds n values, checking its counts and widths before anything
   * relies on them and that its words lie within the block; the lengths' sum is checked when the
   * run is expanded.
   */
  void readBody(ByteSource in, int r, int n) {
    int g = in.readUVarInt();
    if (g < 1 || g > n) throw in.corrupt("repeat run of " + n + " values claims " + Integer.toUnsignedString(g) + " groups");
    int valueWidth = in.readByte();
    if (valueWidth > 64) throw in.corrupt("repeat run's value width " + valueWidth + " over 64");
    int lengthWidth = in.readByte();
    if (lengthWidth > MAX_LENGTH_WIDTH) throw in.corrupt("repeat run's length width " + lengthWidth + " over " + MAX_LENGTH_WIDTH);
    groupCount[r] = g;
    widths[r] = valueWidth | lengthWidth << 8;
    valuesAt[r] = in.position();
    in.skipBytes(8 * words(g, valueWidth));
    lengthsAt[r] = in.position();
    in.skipBytes(8 * words(g, lengthWidth));
  }

  /**
   * The n values of run r (each min plus its group's value; a null slot holds its group's value),
   * expanded on the first call for the run. A run whose group lengths do not add up to n is corrupt,
   * reported at its lengths' offset in the block in.
   */
  long[] expand(int r, int n, long min, byte[] block, ByteSource in) {
    if (cachedRun == r) return cache;
    int g = groupCount[r];
    int valueWidth = widths[r] & 0xFF;
    int lengthWidth = widths[r] >>> 8;
    long valueMask = valueWidth == 64 ? -1L : (1L << valueWidth) - 1;
    int lengthMask = (1 << lengthWidth) - 1;
    int values = valuesAt[r];
    int lengths = lengthsAt[r];
    // One pass with running bit offsets: this loop is what a repeats run costs a scan beyond the
    // frame-of-reference form, so it reads each group's two fields without calls or multiplies.
    long valueBit = 0;
    long lengthBit = 0;
    int slot = 0;
    for (int k = 0; k < g; k++) {
      long d = 0;
      if (valueWidth != 0) {
        int at = values + (int) (valueBit >>> 6) * 8;
        int shift = (int) valueBit & 63;
        d = (long) LONG_LE.get(block, at) >>> shift;
        if (shift + valueWidth > 64) d |= (long) LONG_LE.get(block, at + 8) << (64 - shift);
        valueBit += valueWidth;
      }
      int length = 1;
      if (lengthWidth != 0) {
        int at = lengths + (int) (lengthBit >>> 6) * 8;
        int shift = (int) lengthBit & 63;
        long l = (long) LONG_LE.get(block, at) >>> shift;
        if (shift + lengthWidth > 64) l |= (long) LONG_LE.get(block, at + 8) << (64 - shift);
        length += (int) l & lengthMask;
        lengthBit += lengthWidth;
      }
      int end = slot + length;
      if (end > n) {
        in.position(lengths);
        throw in.corrupt("repeat run's group lengths pass its " + n + " values at group " + k + " of " + g);
      }
      long value = min + (d & valueMask);
      // Eight stores whatever the length: a loop to the group's end would mispredict its exit on
      // most groups when lengths vary (1 to 7 in lineorder), which costs more than the stores.
      cache[slot] = value;
      cache[slot + 1] = value;
      cache[slot + 2] = value;
      cache[slot + 3] = value;
      cache[slot + 4] = value;
      cache[slot + 5] = value;
      cache[slot + 6] = value;
      cache[slot + 7] = value;
      if (length > 8) Arrays.fill(cache, slot + 8, end, value);
      slot = end;
    }
    if (slot != n) {
      in.position(lengths);
      throw in.corrupt("repeat run's " + g + " group lengths add up to " + slot + ", not its " + n + " values");
    }
    cachedRun = r;
    return cache;
  }
}
