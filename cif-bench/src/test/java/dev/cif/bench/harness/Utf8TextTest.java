package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

class Utf8TextTest {

  @Test
  void containsWorksOnUtf8AndStrings() {
    Utf8 reused = new Utf8("http://www.ibm.com/jp/ja/products.html");
    assertTrue(Utf8Text.contains(reused, "ibm.com/jp"));
    // A reused Utf8 keeps a larger backing array; bytes past its length must not match.
    reused.setByteLength("http://www.ibm.com/".length());
    assertFalse(Utf8Text.contains(reused, "ibm.com/jp"));
    assertTrue(Utf8Text.contains("http://www-06.ibm.com/jp/", "ibm.com/jp"));
    assertFalse(Utf8Text.contains("ibm.com/j", "ibm.com/jp"));
  }

  /** The needle's skipping search finds exactly what the byte-by-byte search finds, on every offset and length. */
  @Test
  void needleAgreesWithTheSimpleSearch() {
    java.util.Random rnd = new java.util.Random(4);
    byte[] alphabet = {'a', 'b', 'c', '/', (byte) 0xE3, (byte) 0x81, (byte) 0x82};
    for (int trial = 0; trial < 20_000; trial++) {
      byte[] needle = new byte[rnd.nextInt(5)];
      byte[] haystack = new byte[rnd.nextInt(24)];
      for (int i = 0; i < needle.length; i++) needle[i] = alphabet[rnd.nextInt(alphabet.length)];
      for (int i = 0; i < haystack.length; i++) haystack[i] = alphabet[rnd.nextInt(alphabet.length)];
      int offset = haystack.length == 0 ? 0 : rnd.nextInt(haystack.length);
      int length = rnd.nextInt(haystack.length - offset + 1);
      assertEquals(Utf8Text.indexOf(haystack, offset, length, needle),
          new Utf8Text.Needle(needle).indexIn(haystack, offset, length),
          java.util.Arrays.toString(needle) + " in " + java.util.Arrays.toString(haystack) + " from " + offset + " for " + length);
    }
  }

  @Test
  void keyLooksUpUtf8AndStringKeyedMaps() {
    Utf8Text.Key key = new Utf8Text.Key("content-type");
    assertEquals("text/html", key.lookup(Map.of(new Utf8("content-type"), "text/html")));
    assertEquals("text/html", key.lookup(Map.of("content-type", "text/html")));
    assertNull(key.lookup(Map.of("server", "Apache")));
    assertNull(key.lookup(null));
  }
}
