package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;

/**
 * What a reader holds of one keyed DCSL block (mode 3, docs/FORMAT.md §6.3): its key dictionary,
 * the directory of its side segments (one value stream per key) and the streams read so far. A
 * stream is read from the file the first time a value of its key is asked for, so a job that looks
 * up one key reads that key's stream and none of the others. Maps read from the block keep it, and
 * with it the file, until they are dropped.
 */
final class KeyStreamsBlock {
  private final BlockKeys dict;
  private final SideSegment[] sides;
  private final long[] offsets;
  private final BlockSides file;
  private final int rows;
  private final ValueCodec values;
  private final KeyStream[] streams;

  private KeyStreamsBlock(BlockKeys dict, SideSegment[] sides, long[] offsets, BlockSides file,
      int rows, ValueCodec values) {
    this.dict = dict;
    this.sides = sides;
    this.offsets = offsets;
    this.file = file;
    this.rows = rows;
    this.values = values;
    this.streams = new KeyStream[sides.length];
  }

  /** Reads the side directory (one entry per key of dict); the sides must fill the block's remaining bytes exactly. */
  static KeyStreamsBlock read(ByteSource in, BlockKeys dict, BlockSides file, int rows, ValueCodec values) {
    SideSegment[] sides = new SideSegment[dict.size()];
    long[] offsets = new long[sides.length];
    long total = 0;
    for (int i = 0; i < sides.length; i++) {
      int at = in.position();
      sides[i] = SideSegment.read(in, file.maxBytes());
      offsets[i] = total;
      total += sides[i].storedLength;
      if (total > file.length()) {
        in.position(at);
        throw in.corrupt("side segment " + i + " ends at " + total + ", past the " + file.length() + " bytes the block has after its head");
      }
    }
    if (total != file.length()) {
      throw in.corrupt("side segments take " + total + " bytes, the block has " + file.length() + " after its head");
    }
    return new KeyStreamsBlock(dict, sides, offsets, file, rows, values);
  }

  BlockKeys dictionary() { return dict; }

  /** The array form of the block's values (see KeyStream#valueInto), or null. */
  dev.cif.VectorTarget.Kind valueKind() { return values.vectorKind(); }

  /** The value of key id's stream at row (which the row's key ids say has the key). */
  Object value(int keyId, int row) {
    return stream(keyId).value(row, dict.key(keyId));
  }

  /** Like {@link #value}, into row at of t in the value codec's array form (see KeyStream#valueInto). */
  void valueInto(int keyId, int row, dev.cif.VectorTarget t, int at) {
    stream(keyId).valueInto(row, dict.key(keyId), t, at);
  }

  /** Whether row's map has key id, as key id's stream says (read from the file on first use). */
  boolean has(int keyId, int row) {
    return stream(keyId).has(row);
  }

  private KeyStream stream(int keyId) {
    KeyStream s = streams[keyId];
    if (s == null) {
      ByteSource in = file.read(offsets[keyId], sides[keyId], dict.key(keyId));
      s = streams[keyId] = new KeyStream(in, rows, values);
    }
    return s;
  }
}
