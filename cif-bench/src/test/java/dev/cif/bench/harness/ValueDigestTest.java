package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

class ValueDigestTest {

  @Test
  void utf8AndStringDigestAlike() {
    assertEquals(ValueDigest.of("text/html; charset=UTF-8"), ValueDigest.of(new Utf8("text/html; charset=UTF-8")));
    assertNotEquals(ValueDigest.of("a"), ValueDigest.of("b"));
  }

  @Test
  void mapsDigestIndependentlyOfOrderButNotOfContent() {
    Map<Object, Object> ab = new LinkedHashMap<>();
    ab.put(new Utf8("a"), 1);
    ab.put(new Utf8("b"), 2);
    Map<Object, Object> ba = new HashMap<>();
    ba.put("b", 2);
    ba.put("a", 1);
    assertEquals(ValueDigest.of(ab), ValueDigest.of(ba));
    ba.put("a", 3);
    assertNotEquals(ValueDigest.of(ab), ValueDigest.of(ba));
    // Swapping values between keys must change the digest.
    assertNotEquals(ValueDigest.of(Map.of("a", 1, "b", 2)), ValueDigest.of(Map.of("a", 2, "b", 1)));
  }

  @Test
  void listsDigestInOrderAndBuffersByRemainingBytes() {
    assertNotEquals(ValueDigest.of(List.of("x", "y")), ValueDigest.of(List.of("y", "x")));
    byte[] bytes = "<html>".getBytes(StandardCharsets.US_ASCII);
    ByteBuffer offset = ByteBuffer.wrap(("??" + "<html>").getBytes(StandardCharsets.US_ASCII), 2, 6).slice();
    assertEquals(ValueDigest.of(ByteBuffer.wrap(bytes)), ValueDigest.of(offset));
    assertEquals(ValueDigest.of(ByteBuffer.wrap(bytes)), ValueDigest.of(ByteBuffer.allocateDirect(6).put(bytes).flip()));
  }

  @Test
  void intsAndLongsOfTheSameValueAgree() {
    assertEquals(ValueDigest.of(42), ValueDigest.of(42L));
    assertNotEquals(ValueDigest.of(42), ValueDigest.of(43));
  }
}
