package dev.cif.impl.compress;

import io.airlift.compress.Compressor;
import io.airlift.compress.Decompressor;

/** An aircompressor codec (LZO, LZ4, Snappy, ZSTD) as a CodecEngine. */
final class AirEngine implements CodecEngine {
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
