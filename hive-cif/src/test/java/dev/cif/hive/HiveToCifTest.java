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
}
