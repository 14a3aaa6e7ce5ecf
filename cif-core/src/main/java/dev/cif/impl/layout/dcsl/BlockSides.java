package dev.cif.impl.layout.dcsl;

import dev.cif.BlockCodec;
import dev.cif.ReadBytes;
import dev.cif.impl.compress.CodecEngine;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.CifCorruptionError;
import dev.cif.CifFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataInputStream;


/**
 * The bytes of one block that follow its head: a keyed DCSL block's side segments, read one at a
 * time and only when a value in them is asked for (through the reader's stream, which every read
 * seeks first, so a map read after the reader has moved to another block can still fetch its
 * values). Every side is checked against its CRC before it is decompressed.
 */
public final class BlockSides {
  /** For blocks without sides. */
  static final BlockSides NONE = new BlockSides(null, null, null, 0, 0, 0, null, null);

  private final FSDataInputStream in;
  private final String file;
  private final String column;
  private final long start;
  private final long end;
  private final long maxBytes;
  private final CodecEngine[] engines;
  private final ReadBytes counted;

  /** @param counted where the bytes of each side read are counted, by key */
  public BlockSides(FSDataInputStream in, String file, String column, long start, long end, long maxBytes,
      CodecEngine[] engines, ReadBytes counted) {
    this.in = in;
    this.file = file;
    this.column = column;
    this.start = start;
    this.end = end;
    this.maxBytes = maxBytes;
    this.engines = engines;
    this.counted = counted;
  }

  /** Bytes of sides the block holds. */
  long length() { return end - start; }

  long maxBytes() { return maxBytes; }

  /**
   * Reads, checks and decompresses the side stored at [start + offset, + s.storedLength); returns it
   * with 8 bytes of slack after its end (see {@link KeyStream}), described for errors.
   */
  ByteSource read(long offset, SideSegment s, Object key) {
    long at = start + offset;
    String what = "value stream of key " + key;
    try {
      BlockCodec bc = BlockCodec.byId(s.codecId);
      if (bc == null) throw new CifFormatException(file, column, at, what + ": unknown codec id " + s.codecId);
      if (bc == BlockCodec.NONE && s.rawLength != s.storedLength) {
        throw new CifFormatException(file, column, at, what + " is uncompressed with raw " + s.rawLength + " != stored " + s.storedLength);
      }
      byte[] raw = new byte[s.rawLength + 8];
      // An uncompressed side is read straight into the buffer it is decoded from.
      byte[] stored = bc == BlockCodec.NONE ? raw : new byte[s.storedLength];
      // Seek and read, not a positioned read: a checksummed local file system opens the file anew for each of those.
      in.seek(at);
      in.readFully(stored, 0, s.storedLength);
      if (counted != null) counted.addKeyStream(key.toString(), s.storedLength);
      CRC32C c = new CRC32C();
      c.update(stored, 0, s.storedLength);
      if ((int) c.getValue() != s.crc) throw new CifFormatException(file, column, at, what + " checksum mismatch");
      if (bc != BlockCodec.NONE) {
        CodecEngine e = engines[s.codecId] == null ? (engines[s.codecId] = CodecEngine.of(bc)) : engines[s.codecId];
        try {
          e.decompress(stored, 0, s.storedLength, raw, s.rawLength);
        } catch (IllegalStateException ex) {
          throw new CifFormatException(file, column, at, what + ": " + ex.getMessage(), ex);
        }
      }
      return new ByteSource(raw, 0, s.rawLength).describe(file, column, at);
    } catch (CifFormatException e) {
      throw new CifCorruptionError(e);
    } catch (java.io.EOFException e) {
      throw new CifCorruptionError(new CifFormatException(file, column, at, what + " is truncated", e));
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + what + " of " + file + " column " + column + " at offset " + at, e);
    }
  }
}
