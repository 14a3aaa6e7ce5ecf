package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;

/**
 * One entry of a keyed DCSL block's side directory (docs/FORMAT.md §5.2, §6.3): where one key's
 * value stream lies after the block's head, and how to check and decompress it.
 * <pre>
 * Side := RawLength:uvarint StoredLength:uvarint Codec:u8 SideCrc:u32      SideCrc: CRC32C of the Stored bytes
 * </pre>
 * The directory sits in the head, which the block CRC covers, so a side's lengths and codec are
 * checked with the head and its bytes by its own CRC when (and only when) it is read.
 */
public final class SideSegment {
  public final int rawLength;
  public final int storedLength;
  public final int codecId;
  public final int crc;

  public SideSegment(int rawLength, int storedLength, int codecId, int crc) {
    this.rawLength = rawLength;
    this.storedLength = storedLength;
    this.codecId = codecId;
    this.crc = crc;
  }

  int encodedBytes() { return ByteSink.uvarLongSize(rawLength) + ByteSink.uvarLongSize(storedLength) + 5; }

  public void write(ByteSink out) {
    out.writeUVarInt(rawLength);
    out.writeUVarInt(storedLength);
    out.writeByte(codecId);
    out.writeIntBE(crc);
  }

  /** Reads an entry whose lengths must each fit in maxBytes (the reader's block limit). */
  public static SideSegment read(ByteSource in, long maxBytes) {
    int at = in.position();
    long raw = in.readUVarLong();
    long stored = in.readUVarLong();
    if (raw < 0 || raw > maxBytes || stored < 0 || stored > maxBytes) {
      in.position(at);
      throw in.corrupt("side segment lengths (raw " + Long.toUnsignedString(raw) + ", stored "
          + Long.toUnsignedString(stored) + ") over the block limit " + maxBytes);
    }
    int codec = in.readByte();
    int crc = in.readIntBE();
    return new SideSegment((int) raw, (int) stored, codec, crc);
  }
}
