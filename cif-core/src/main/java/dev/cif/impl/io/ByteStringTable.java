package dev.cif.impl.io;

import java.util.Arrays;

/**
 * The writer's side of a per-block dictionary of byte strings: ids in order of first appearance and
 * the entries already laid out as the block preamble wants them (each a uvarint length and the bytes),
 * so writing the preamble is one copy. An open-addressing hash on the bytes themselves finds an entry
 * without building a key object per value, which a HashMap of Utf8 would.
 */
public final class ByteStringTable {
  /** Entry{Count} of docs/FORMAT.md §6.4: length-prefixed, back to back. */
  private final ByteSink entries = new ByteSink(1 << 10);
  private int[] starts = new int[64];
  private int[] lengths = new int[64];
  /** Slot holds id + 1, 0 when empty; kept at most half full. */
  private int[] slots = new int[128];
  private int count;

  public int size() { return count; }

  /** Bytes of the entries as the preamble holds them. */
  public int entryBytes() { return entries.size(); }

  public ByteSink entries() { return entries; }

  /** Where entry id's bytes start in {@link #entries()} (after its length). */
  public int start(int id) { return starts[id]; }

  public int length(int id) { return lengths[id]; }

  /** The id of the bytes, or -1 if they are not in the table. */
  public int find(byte[] b, int off, int len) {
    int mask = slots.length - 1;
    for (int i = hash(b, off, len) & mask; ; i = (i + 1) & mask) {
      int s = slots[i];
      if (s == 0) return -1;
      int id = s - 1;
      if (lengths[id] == len && Arrays.equals(entries.array(), starts[id], starts[id] + len, b, off, off + len)) return id;
    }
  }

  /** Adds bytes known to be absent and returns their id. */
  public int add(byte[] b, int off, int len) {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, count * 2);
      lengths = Arrays.copyOf(lengths, count * 2);
    }
    entries.writeUVarInt(len);
    starts[count] = entries.size();
    lengths[count] = len;
    entries.writeBytes(b, off, len);
    if ((count + 1) * 2 > slots.length) rehash(slots.length * 2);
    slots[freeSlot(hash(b, off, len))] = count + 1;
    return count++;
  }

  /**
   * Removes the entry added last (a value the writer refused after adding it). Linear probing lets
   * its slot simply be emptied: every other entry was placed before it, so none probed past it.
   */
  public void removeLast() {
    int id = --count;
    int mask = slots.length - 1;
    int i = hash(entries.array(), starts[id], lengths[id]) & mask;
    while (slots[i] != id + 1) i = (i + 1) & mask;
    slots[i] = 0;
    entries.truncate(starts[id] - ByteSink.uvarLongSize(lengths[id]));
  }

  public void clear() {
    entries.reset();
    Arrays.fill(slots, 0);
    count = 0;
  }

  private int freeSlot(int h) {
    int mask = slots.length - 1;
    int i = h & mask;
    while (slots[i] != 0) i = (i + 1) & mask;
    return i;
  }

  private void rehash(int size) {
    slots = new int[size];
    for (int id = 0; id < count; id++) slots[freeSlot(hash(entries.array(), starts[id], lengths[id]))] = id + 1;
  }

  /**
   * Eight bytes at a time (a dictionary's values are mostly short: one or two steps instead of a
   * multiply per byte, which a CTAS profile showed as the largest cost of a DICT column's write). Only
   * this table sees the hash: ids are in order of first appearance, so the file does not depend on it.
   */
  private static int hash(byte[] b, int off, int len) {
    long h = len;
    int i = off;
    for (int end = off + len - 7; i < end; i += 8) h = (h ^ (long) LONGS.get(b, i)) * 0x9E3779B97F4A7C15L;
    long tail = 0;
    for (int k = 0; i < off + len; i++, k += 8) tail |= (b[i] & 0xFFL) << k;
    h = (h ^ tail) * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32) ^ (h >>> 47)); // the mask keeps low bits: fold the well-mixed high ones into them
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
}
