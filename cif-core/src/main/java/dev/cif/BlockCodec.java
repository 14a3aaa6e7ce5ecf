package dev.cif;
import dev.cif.BlockCodec;

import io.airlift.compress.Compressor;
import io.airlift.compress.Decompressor;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The block codecs. The id is stored in every block header; pure-Java implementations only
 * (java.util.zip and aircompressor), so no native library is ever needed.
 */
public enum BlockCodec {
  NONE(0), ZLIB(1), LZO(2), LZ4(3), SNAPPY(4), ZSTD(5);

  public final int id;

  BlockCodec(int id) { this.id = id; }

  public static BlockCodec byId(int id) {
    for (BlockCodec c : values()) if (c.id == id) return c;
    return null;
  }

  public static BlockCodec byName(String name) {
    return valueOf(name.trim().toUpperCase(Locale.ROOT));
  }

  /** A compressor/decompressor pair for one thread. */
  public Engine newEngine() {
    switch (this) {
      case NONE: return null;
      case ZLIB: return new ZlibEngine();
      case LZO: return new AirEngine(new LzoCompressor(), new LzoDecompressor());
      case LZ4: return new AirEngine(new Lz4Compressor(), new Lz4Decompressor());
      case SNAPPY: return new AirEngine(new SnappyCompressor(), new SnappyDecompressor());
      case ZSTD: return new AirEngine(new ZstdCompressor(), new ZstdDecompressor());
      default: throw new AssertionError(this);
    }
  }

  /** Compresses and decompresses whole blocks. Not thread-safe. */
  public interface Engine {
    int maxCompressedLength(int len);

    /** Returns the compressed length written to out. */
    int compress(byte[] in, int off, int len, byte[] out);

    /** Decompresses exactly rawLength bytes into out; throws IllegalStateException when the data is bad. */
    void decompress(byte[] in, int off, int len, byte[] out, int rawLength);
  }

  private static final class AirEngine implements Engine {
    private final Compressor c;
    private final Decompressor d;

    AirEngine(Compressor c, Decompressor d) {
      this.c = c;
      this.d = d;
    }

    @Override public int maxCompressedLength(int len) { return c.maxCompressedLength(len); }

    @Override public int compress(byte[] in, int off, int len, byte[] out) {
      return c.compress(in, off, len, out, 0, out.length);
    }

    @Override public void decompress(byte[] in, int off, int len, byte[] out, int rawLength) {
      int n;
      try {
        n = d.decompress(in, off, len, out, 0, rawLength);
      } catch (RuntimeException e) {
        throw new IllegalStateException("corrupt compressed data: " + e.getMessage(), e);
      }
      if (n != rawLength) throw new IllegalStateException("decompressed " + n + " bytes, header says " + rawLength);
    }
  }

  private static final class ZlibEngine implements Engine {
    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    private final Inflater inflater = new Inflater(true);

    @Override public int maxCompressedLength(int len) { return len + (len >> 12) + (len >> 14) + (len >> 25) + 64; }

    @Override public int compress(byte[] in, int off, int len, byte[] out) {
      deflater.reset();
      deflater.setInput(in, off, len);
      deflater.finish();
      int n = deflater.deflate(out, 0, out.length);
      if (!deflater.finished()) throw new IllegalStateException("deflate output larger than its bound");
      return n;
    }

    @Override public void decompress(byte[] in, int off, int len, byte[] out, int rawLength) {
      inflater.reset();
      inflater.setInput(in, off, len);
      try {
        int n = inflater.inflate(out, 0, rawLength);
        if (n != rawLength || !inflater.finished()) {
          throw new IllegalStateException("inflated " + n + " bytes, header says " + rawLength);
        }
      } catch (DataFormatException e) {
        throw new IllegalStateException("corrupt zlib data: " + e.getMessage(), e);
      }
    }
  }
}
