package dev.cif.impl.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.CifFormatException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * ByteSource reads what ByteSink wrote, bit for bit, on its fast paths (doubles and floats in one array access,
 * one-byte varints without the loop) as on the slow ones, and a value cut off by the block's end is an error
 * naming where, never a value read from the bytes after it.
 */
class ByteSourceTest {
  @Test
  void readsBackWhatWasWrittenAtEveryOffset() {
    Random random = new Random(30);
    double[] doubles = {0.0, -0.0, 1.5, -2.25, Double.NaN, Double.MIN_VALUE, Double.MAX_VALUE, Double.NEGATIVE_INFINITY, 0.07};
    ByteSink sink = new ByteSink(16);
    sink.writeByte(7); // every later value off an 8-byte boundary
    long[] varints = new long[200];
    for (int i = 0; i < varints.length; i++) {
      varints[i] = i % 3 == 0 ? random.nextInt(128) : random.nextLong() >>> random.nextInt(64);
      sink.writeUVarLong(varints[i]);
      sink.writeDouble(doubles[i % doubles.length]);
      sink.writeFloat((float) doubles[i % doubles.length]);
    }
    ByteSource in = new ByteSource(sink.array(), 0, sink.size());
    assertEquals(7, in.readByte());
    for (int i = 0; i < varints.length; i++) {
      assertEquals(varints[i], in.readUVarLong());
      assertEquals(Double.doubleToRawLongBits(doubles[i % doubles.length]), Double.doubleToRawLongBits(in.readDouble()));
      assertEquals(Float.floatToRawIntBits((float) doubles[i % doubles.length]), Float.floatToRawIntBits(in.readFloat()));
    }
    assertEquals(0, in.remaining());
  }

  @Test
  void aValueCutOffByTheEndIsAnError() {
    ByteSink sink = new ByteSink(16);
    sink.writeDouble(1.0);
    sink.writeDouble(2.0);
    // The block ends 3 bytes into the second double: the array's bytes after it are not the block's.
    ByteSource in = new ByteSource(sink.array(), 0, 11).describe("f.cif", "c", 100);
    assertEquals(1.0, in.readDouble());
    CifFormatException e = assertThrows(CifFormatException.class, () -> {
      try {
        in.readDouble();
      } catch (CifCorruptionError error) {
        throw error.getCause();
      }
    });
    assertTrue(e.getMessage().contains("f.cif") && e.getMessage().contains("needs 8 bytes"), e.getMessage());
    ByteSource varint = new ByteSource(new byte[] {(byte) 0x80, 5}, 0, 1);
    assertThrows(CifCorruptionError.class, varint::readUVarLong);
  }
}
