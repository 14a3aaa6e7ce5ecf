package dev.cif.impl.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The size writers predict for a varint is the size written, at every bit width and both ends of it. */
class VarintSizeTest {
  @Test
  void predictedSizeIsWrittenSize() {
    for (int bits = 0; bits <= 64; bits++) {
      long top = bits == 64 ? -1L : (1L << bits) - 1;
      for (long v : new long[] {top, top + 1, top >>> 1, bits == 0 ? 0 : 1L << (bits - 1)}) {
        ByteSink sink = new ByteSink(16);
        sink.writeUVarLong(v);
        assertEquals(sink.size(), ByteSink.uvarLongSize(v), Long.toUnsignedString(v));
      }
    }
  }
}
