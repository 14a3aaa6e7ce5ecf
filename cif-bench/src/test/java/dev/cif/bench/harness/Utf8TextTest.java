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

  @Test
  void keyLooksUpUtf8AndStringKeyedMaps() {
    Utf8Text.Key key = new Utf8Text.Key("content-type");
    assertEquals("text/html", key.lookup(Map.of(new Utf8("content-type"), "text/html")));
    assertEquals("text/html", key.lookup(Map.of("content-type", "text/html")));
    assertNull(key.lookup(Map.of("server", "Apache")));
    assertNull(key.lookup(null));
  }
}
