package dev.cif.impl.compress;

import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** Raw deflate (java.util.zip) as a CodecEngine. */
final class ZlibEngine implements CodecEngine {
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
