package dev.cif.impl.compress;

import dev.cif.BlockCodec;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/**
 * Compresses and decompresses whole blocks with one {@link BlockCodec}: java.util.zip and
 * aircompressor, pure Java. Not thread-safe: one per reader or writer.
 */
public interface CodecEngine {
  int maxCompressedLength(int len);

  /** Returns the compressed length written to out. */
  int compress(byte[] in, int off, int len, byte[] out);

  /** Decompresses exactly rawLength bytes into out; throws IllegalStateException when the data is bad. */
  void decompress(byte[] in, int off, int len, byte[] out, int rawLength);

  /** A compressor/decompressor pair of codec for one thread; null for NONE. */
  static CodecEngine of(BlockCodec codec) {
    switch (codec) {
      case NONE: return null;
      case ZLIB: return new ZlibEngine();
      case LZO: return new AirEngine(new LzoCompressor(), new LzoDecompressor());
      case LZ4: return new AirEngine(new Lz4Compressor(), new Lz4Decompressor());
      case SNAPPY: return new AirEngine(new SnappyCompressor(), new SnappyDecompressor());
      case ZSTD: return new AirEngine(new ZstdCompressor(), new ZstdDecompressor());
      default: throw new AssertionError(codec);
    }
  }
}
