package dev.cif.impl.io;

import java.util.zip.CRC32C;

/**
 * The 17 bytes before every block of a column file (docs/FORMAT.md §5.2), written and parsed here
 * only:
 * <pre>
 * BlockHeader := Rows:u32 RawLength:u32 StoredLength:u32 Codec:u8 BlockCrc:u32
 * </pre>
 * BlockCrc is the CRC32C of the 13 bytes before it and of the block's stored bytes, so a flipped bit
 * anywhere in a block, its lengths included, is caught before anything is decompressed or decoded.
 */
public final class BlockHeader {
  public static final int BYTES = 17;
  /** The header bytes the CRC covers: all but the CRC itself. */
  private static final int CRC_COVERED = 13;
  /** Where the codec id sits in the header (an unknown id is reported at this offset). */
  public static final int CODEC_OFFSET = 12;

  public final int rows;
  public final long rawLength;
  public final long storedLength;
  public final int codecId;
  private final int crc;

  private BlockHeader(int rows, long rawLength, long storedLength, int codecId, int crc) {
    this.rows = rows;
    this.rawLength = rawLength;
    this.storedLength = storedLength;
    this.codecId = codecId;
    this.crc = crc;
  }

  /** Writes the header of a block whose stored bytes are stored[0, storedLength). */
  public static void write(ByteSink out, int rows, int rawLength, int codecId, byte[] stored, int storedLength) {
    int start = out.size();
    out.writeIntBE(rows);
    out.writeIntBE(rawLength);
    out.writeIntBE(storedLength);
    out.writeByte(codecId);
    CRC32C c = new CRC32C();
    c.update(out.array(), start, CRC_COVERED);
    c.update(stored, 0, storedLength);
    out.writeIntBE((int) c.getValue());
  }

  /**
   * The StoredLength of the header at buf[off], unsigned: what a reader needs to read a block's head
   * without its side segments, before it has the bytes to check the header.
   */
  public static long storedLength(byte[] buf, int off) {
    return new ByteSource(buf, off + 8, 4).readIntBE() & 0xFFFFFFFFL;
  }

  /** Parses the header at buf[off, off + BYTES); nothing is checked yet (see {@link #checks}). */
  public static BlockHeader parse(byte[] buf, int off) {
    ByteSource h = new ByteSource(buf, off, BYTES);
    int rows = h.readIntBE();
    long raw = h.readIntBE() & 0xFFFFFFFFL;
    long stored = h.readIntBE() & 0xFFFFFFFFL;
    int codecId = h.readByte();
    return new BlockHeader(rows, raw, stored, codecId, h.readIntBE());
  }

  /** Whether the CRC matches this header, read from buf[off], and the stored bytes given. */
  public boolean checks(byte[] buf, int off, byte[] stored, int storedOff, int storedLength) {
    CRC32C c = new CRC32C();
    c.update(buf, off, CRC_COVERED);
    c.update(stored, storedOff, storedLength);
    return (int) c.getValue() == crc;
  }
}
