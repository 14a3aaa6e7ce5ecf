package dev.cif.bench.harness;

import dev.cif.testing.rows.RowRandom;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;

/**
 * A 64-bit digest of any Avro value, equal for equal values regardless of how a format represents them:
 * {@code Utf8} and {@code String} hash alike (by their UTF-8 bytes), a {@code ByteBuffer} by its remaining
 * bytes, and a map by the sum of its entries' digests, so hash-map iteration order does not matter.
 */
public final class ValueDigest {

  private static final long FNV_OFFSET = 0xCBF29CE484222325L;
  private static final long FNV_PRIME = 0x100000001B3L;
  private static final long NULL_DIGEST = 0x6E756C6CL;

  private ValueDigest() {}

  public static long of(Object value) {
    if (value == null) {
      return NULL_DIGEST;
    }
    if (value instanceof Utf8 utf8) {
      return bytes(utf8.getBytes(), 0, utf8.getByteLength());
    }
    if (value instanceof CharSequence text) {
      byte[] utf8 = text.toString().getBytes(StandardCharsets.UTF_8);
      return bytes(utf8, 0, utf8.length);
    }
    if (value instanceof ByteBuffer buffer) {
      return byteBuffer(buffer);
    }
    if (value instanceof Float || value instanceof Double) {
      return RowRandom.mix64(Double.doubleToLongBits(((Number) value).doubleValue()));
    }
    if (value instanceof Number number) {
      return RowRandom.mix64(number.longValue());
    }
    if (value instanceof Boolean bool) {
      return bool ? 1 : 2;
    }
    if (value instanceof Map<?, ?> map) {
      long sum = map.size();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        sum += RowRandom.mix64(of(entry.getKey()) * 31 + of(entry.getValue()));
      }
      return sum;
    }
    if (value instanceof Collection<?> list) {
      long h = list.size();
      for (Object item : list) {
        h = RowRandom.mix64(h * 31 + of(item));
      }
      return h;
    }
    if (value instanceof IndexedRecord record) {
      long h = 17;
      for (int i = 0; i < record.getSchema().getFields().size(); i++) {
        h = RowRandom.mix64(h * 31 + of(record.get(i)));
      }
      return h;
    }
    if (value instanceof GenericFixed fixed) {
      return bytes(fixed.bytes(), 0, fixed.bytes().length);
    }
    if (value instanceof GenericEnumSymbol<?> symbol) {
      return of(symbol.toString());
    }
    throw new IllegalArgumentException("no digest for " + value.getClass().getName());
  }

  private static long byteBuffer(ByteBuffer buffer) {
    if (buffer.hasArray()) {
      return bytes(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    }
    long h = FNV_OFFSET;
    for (int i = buffer.position(); i < buffer.limit(); i++) {
      h = (h ^ (buffer.get(i) & 0xFF)) * FNV_PRIME;
    }
    return RowRandom.mix64(h);
  }

  private static long bytes(byte[] bytes, int offset, int length) {
    long h = FNV_OFFSET;
    for (int i = offset; i < offset + length; i++) {
      h = (h ^ (bytes[i] & 0xFF)) * FNV_PRIME;
    }
    return RowRandom.mix64(h);
  }
}
