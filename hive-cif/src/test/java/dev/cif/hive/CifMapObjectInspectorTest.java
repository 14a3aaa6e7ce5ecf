package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.impl.layout.dcsl.DcslMap;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.SplitDirectoryWriter;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import java.io.File;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/** m['key'] on a dictionary-compressed map decodes that key's value alone. */
class CifMapObjectInspectorTest {
  @Test
  void lookupOfOneKeyDecodesOneValue() throws Exception {
    TypeInfo type = TypeInfoUtils.getTypeInfoFromTypeString("map<string,array<int>>");
    Schema schema = HiveTypeMapping.tableSchema("t", List.of("m"), List.of(type));
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path dir = new Path(new File("target/map-oi-" + System.nanoTime()).getAbsolutePath());
    Map<String, List<Integer>> m = new HashMap<>();
    for (int i = 0; i < 20; i++) m.put("k" + i, List.of(i, i * 2));
    try (SplitDirectoryWriter w = new SplitDirectoryWriter(fs, dir, schema, new WriteOptions().layout("m", ColumnLayout.DCSL))) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put(0, m);
      w.write(r);
    }
    try (SplitRecordReader reader = new SplitRecordReader(fs, List.of(dir), Projection.of(schema, "m"), RecordType.LAZY, 1 << 20)) {
      reader.next();
      DcslMap raw = assertInstanceOf(DcslMap.class, reader.current().get(0));
      CifMapObjectInspector oi = new CifMapObjectInspector((MapTypeInfo) type, dev.cif.schema.CifSchemas.nonNull(schema.getField("m").schema()));
      assertEquals(m.get("k7"), oi.getMapValueElement(raw, "k7"));
      assertEquals(1, raw.decodedValues());
      assertEquals(m.get("k13"), oi.getMapValueElement(raw, new Text("k13")));
      assertEquals(2, raw.decodedValues());
      // The same key again (its Utf8 is reused), then another one.
      assertEquals(m.get("k13"), oi.getMapValueElement(raw, new Text("k13")));
      assertEquals(m.get("k2"), oi.getMapValueElement(raw, new Text("k2")));
      assertEquals(null, oi.getMapValueElement(raw, "absent"));
      // Keys reach Hive as read (Utf8, inspected by CifStringObjectInspector).
      Map<String, Object> whole = new HashMap<>();
      for (Map.Entry<?, ?> e : oi.getMap(raw).entrySet()) {
        whole.put(((CifStringObjectInspector) oi.getMapKeyObjectInspector()).getPrimitiveJavaObject(e.getKey()), e.getValue());
      }
      assertEquals(m, whole);
    }
  }
}
