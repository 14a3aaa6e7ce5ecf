package dev.cif.impl.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The writer's dictionary finds every entry it holds by its bytes, wherever they sit in an array. */
class ByteStringTableTest {

  /** Values of every length around the hash's eight-byte steps, found again after the table has grown. */
  @Test
  void findsWhatItHoldsAcrossGrowth() {
    ByteStringTable t = new ByteStringTable();
    Map<String, Integer> ids = new HashMap<>();
    Random r = new Random(7);
    for (int i = 0; i < 5_000; i++) {
      byte[] b = new byte[r.nextInt(20)];
      for (int k = 0; k < b.length; k++) b[k] = (byte) ('a' + r.nextInt(3)); // few letters: many near-equal values
      String s = new String(b, StandardCharsets.ISO_8859_1);
      // the value at an offset in a longer array, as a reused buffer hands it
      byte[] padded = new byte[b.length + 11];
      System.arraycopy(b, 0, padded, 5, b.length);
      int found = t.find(padded, 5, b.length);
      if (ids.containsKey(s)) {
        assertEquals((int) ids.get(s), found, s);
      } else {
        assertEquals(-1, found, s);
        ids.put(s, t.add(padded, 5, b.length));
      }
    }
    assertEquals(ids.size(), t.size());
    for (Map.Entry<String, Integer> e : ids.entrySet()) {
      byte[] b = e.getKey().getBytes(StandardCharsets.ISO_8859_1);
      assertEquals((int) e.getValue(), t.find(b, 0, b.length), e.getKey());
      assertEquals(b.length, t.length(e.getValue()));
    }
  }

  @Test
  void theLastEntryCanBeTakenBack() {
    ByteStringTable t = new ByteStringTable();
    byte[] a = "AIR".getBytes(StandardCharsets.US_ASCII);
    byte[] b = "REG AIR TRUCK".getBytes(StandardCharsets.US_ASCII);
    assertEquals(0, t.add(a, 0, a.length));
    int before = t.entryBytes();
    assertEquals(1, t.add(b, 0, b.length));
    t.removeLast();
    assertEquals(-1, t.find(b, 0, b.length));
    assertEquals(0, t.find(a, 0, a.length));
    assertEquals(before, t.entryBytes());
    assertEquals(1, t.add(b, 0, b.length));
  }
}
