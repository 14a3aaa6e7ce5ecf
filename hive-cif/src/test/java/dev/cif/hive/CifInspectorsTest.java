package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import java.util.Properties;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/** The read path's inspectors: strings as bytes, and no per-row conversion between equal inspectors. */
class CifInspectorsTest {

  @Test
  void stringsReachHiveAsTheirUtf8Bytes() {
    CifStringObjectInspector oi = CifStringObjectInspector.INSTANCE;
    Utf8 value = new Utf8("www.ibm.com/jp/ü");
    Text text = oi.getPrimitiveWritableObject(value);
    assertArrayEquals(value.getBytes(), java.util.Arrays.copyOf(text.getBytes(), text.getLength()));
    assertEquals(new Text("www.ibm.com/jp/ü"), text);
    assertEquals("www.ibm.com/jp/ü", oi.getPrimitiveJavaObject(value));
    assertEquals(new Text("plain"), oi.getPrimitiveWritableObject("plain"));
    assertNull(oi.getPrimitiveWritableObject(null));
    // A copy outlives the reader reusing its Utf8.
    Object copy = oi.copyObject(value);
    value.set("changed");
    assertEquals("www.ibm.com/jp/ü", oi.getPrimitiveJavaObject(copy));
  }

  private static ObjectInspector inspector(String columns, String types) throws Exception {
    Properties p = new Properties();
    p.setProperty(serdeConstants.LIST_COLUMNS, columns);
    p.setProperty(serdeConstants.LIST_COLUMN_TYPES, types);
    CifSerDe serde = new CifSerDe();
    serde.initialize(new Configuration(), p, null);
    return serde.getObjectInspector();
  }

  /** Hive converts every row from a partition's inspector to the table's unless they are equal. */
  @Test
  void inspectorsOfTheSameColumnsAreEqual() throws Exception {
    ObjectInspector table = inspector("url,metadata", "string:map<string,string>");
    ObjectInspector partition = inspector("url,metadata", "string:map<string,string>");
    assertEquals(table, partition);
    assertEquals(table.hashCode(), partition.hashCode());
    assertInstanceOf(ObjectInspectorConverters.IdentityConverter.class, ObjectInspectorConverters.getConverter(partition, table));
    assertNotEquals(table, inspector("url,metadata,k", "string:map<string,string>:int"));
    assertNotEquals(table, inspector("url,metadata", "string:map<string,int>"));
  }

  @Test
  void aStringMapIsHandedOverAsRead() throws Exception {
    StructObjectInspector row = (StructObjectInspector) inspector("m", "map<string,string>");
    MapObjectInspector m = (MapObjectInspector) row.getAllStructFieldRefs().get(0).getFieldObjectInspector();
    Map<Utf8, Utf8> read = Map.of(new Utf8("content-type"), new Utf8("text/html"));
    assertSame(read, m.getMap(read));
    assertEquals(new Text("text/html"),
        ((CifStringObjectInspector) m.getMapValueObjectInspector()).getPrimitiveWritableObject(m.getMapValueElement(read, new Text("content-type"))));
  }
}
