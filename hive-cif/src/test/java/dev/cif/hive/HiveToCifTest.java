package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/** The write path's string conversion: Hive's Text bytes become a Utf8 of their own. */
class HiveToCifTest {
  private static final Schema STRING = Schema.create(Schema.Type.STRING);

  private static byte[] bytes(Object utf8) {
    Utf8 u = (Utf8) utf8;
    return Arrays.copyOf(u.getBytes(), u.getByteLength());
  }

  /** A text reader hands the same Text for every row: a converted value must not change with it. */
  @Test
  void aReusedTextIsCopied() {
    Function<Object, Object> f = HiveToCif.forInspector(PrimitiveObjectInspectorFactory.writableStringObjectInspector, STRING);
    Text row = new Text("AMERICA");
    Object first = f.apply(row);
    row.set("ASIA");
    Object second = f.apply(row);
    assertInstanceOf(Utf8.class, first);
    assertEquals(new Utf8("AMERICA"), first);
    assertEquals(new Utf8("ASIA"), second);
    assertEquals(7, ((Utf8) first).getByteLength());
  }

  /** Non-ASCII text is stored as its String would be: the same bytes when valid, repaired when not. */
  @Test
  void nonAsciiBytesAreStoredAsTheirStringWouldBe() {
    Function<Object, Object> f = HiveToCif.forInspector(PrimitiveObjectInspectorFactory.writableStringObjectInspector, STRING);
    assertArrayEquals("Zürich 東京 \uD83D\uDE00".getBytes(StandardCharsets.UTF_8), bytes(f.apply(new Text("Zürich 東京 \uD83D\uDE00"))));
    Text malformed = new Text();
    malformed.set(new byte[] {'a', (byte) 0xC3, 'b', (byte) 0xED, (byte) 0xA0, (byte) 0x80}, 0, 6);
    assertArrayEquals(malformed.toString().getBytes(StandardCharsets.UTF_8), bytes(f.apply(malformed)));
  }

  @Test
  void javaStringsBecomeUtf8() {
    Function<Object, Object> f = HiveToCif.forInspector(PrimitiveObjectInspectorFactory.javaStringObjectInspector, STRING);
    assertEquals(new Utf8("Zürich"), f.apply("Zürich"));
    assertEquals(null, f.apply(null));
  }

  /** The check sees every byte of the value, wherever it falls in the eight-byte steps, and none after it. */
  @Test
  void theAsciiCheckSeesEachByteOfTheValueOnly() {
    for (int n = 0; n <= 20; n++) {
      byte[] b = new byte[n + 9];
      Arrays.fill(b, (byte) 'x');
      Arrays.fill(b, n, b.length, (byte) 0xC3); // bytes past the value (a reused Text's longer array)
      assertEquals(true, HiveToCif.isAscii(b, n), "length " + n);
      for (int at = 0; at < n; at++) {
        byte[] c = b.clone();
        c[at] = (byte) 0x80;
        assertEquals(false, HiveToCif.isAscii(c, n), "length " + n + ", high byte at " + at);
      }
    }
  }

  /** A reused Text whose array holds non-ASCII bytes past its length is stored as its own bytes. */
  @Test
  void bytesPastTheTextsLengthDoNotCount() {
    Function<Object, Object> f = HiveToCif.forInspector(PrimitiveObjectInspectorFactory.writableStringObjectInspector, STRING);
    Text row = new Text("Zürich, Genève und Basel");
    byte[] ascii = "MIDDLE EAST".getBytes(StandardCharsets.UTF_8);
    row.set(ascii, 0, ascii.length); // copied into the Text's own, longer array: "ève" stays past the end
    assertEquals(false, HiveToCif.isAscii(row.getBytes(), row.getBytes().length));
    assertEquals(new Utf8("MIDDLE EAST"), f.apply(row));
  }
}
