package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.pig.impl.logicalLayer.schema.Schema.FieldSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every type both ways, with nulls, empty maps and empty bags; PigStorage text of the same rows is the reference. */
class TypeMappingTest {
  private static PigHarness h;
  private static String text;
  private static String cif;

  @BeforeAll
  static void setUp() throws Exception {
    h = new PigHarness("TypeMappingTest");
    text = h.path("all.txt");
    cif = h.path("all.cif");
    PigHarness.writeText(text, AllTypesData.textLines());
    AllTypesData.writeCif(cif);
    h.query("T = LOAD '" + text + "' USING PigStorage('\\t') AS (" + AllTypesData.PIG_SCHEMA + ");",
        "C = LOAD '" + cif + "' USING dev.cif.pig.CifLoader();");
  }

  @AfterAll
  static void tearDown() { h.close(); }

  @Test
  void loaderSchemaComesFromTheDataAndMatchesTheTextSchema() throws Exception {
    org.apache.pig.impl.logicalLayer.schema.Schema fromCif = h.pig.dumpSchema("C");
    org.apache.pig.impl.logicalLayer.schema.Schema fromText = h.pig.dumpSchema("T");
    List<String> cifNames = new ArrayList<>();
    List<String> textNames = new ArrayList<>();
    for (FieldSchema f : fromCif.getFields()) cifNames.add(f.alias);
    for (FieldSchema f : fromText.getFields()) textNames.add(f.alias);
    assertEquals(textNames, cifNames);
    assertTrue(org.apache.pig.impl.logicalLayer.schema.Schema.equals(fromCif, fromText, false, true),
        "CIF: " + fromCif + "\ntext: " + fromText);
  }

  @Test
  void cifLoadsTheSameRowsAsPigStorage() throws Exception {
    List<String> expected = h.rows("T");
    assertEquals(AllTypesData.ROWS, expected.size());
    assertEquals(expected, h.rows("C"));
  }

  @Test
  void nullsEmptyMapsAndEmptyBagsSurvive() throws Exception {
    h.query("E = FOREACH C GENERATE id, props, SIZE(props) AS np, SIZE(nums) AS nn, (s IS NULL ? 1 : 0) AS nos, point.x AS px;");
    h.query("ET = FOREACH T GENERATE id, props, SIZE(props) AS np, SIZE(nums) AS nn, (s IS NULL ? 1 : 0) AS nos, point.x AS px;");
    List<String> rows = h.rows("E");
    assertEquals(h.rows("ET"), rows);
    assertTrue(rows.contains("(1,[],0,2,0,1)"), rows.toString());
    assertTrue(rows.contains("(0,,,0,0,0)"), rows.toString());
  }

  @Test
  void storerWritesWhatColumnInputFormatAndCifLoaderReadBack() throws Exception {
    String out = h.path("stored.cif");
    h.pig.store("T", out, "dev.cif.pig.CifStorer('props:dcsl', 's:zstd')");

    Configuration conf = new Configuration();
    FileSystem fs = FileSystem.getLocal(conf);
    List<String> records = new ArrayList<>();
    Schema stored = null;
    for (Path dir : DatasetListing.splitDirectories(fs, new Path(out))) {
      stored = SplitDirectory.open(fs, dir).schema();
      try (SplitRecordReader r = new SplitRecordReader(fs, List.of(dir), Projection.of(stored, ""), RecordType.EAGER, 1 << 20)) {
        while (r.next()) records.add(Canonical.of(r.current()));
      }
    }
    Collections.sort(records);
    assertEquals(h.rows("T"), records);
    assertEquals("[\"null\",\"int\"]", stored.getField("id").schema().toString());
    assertEquals(Schema.Type.MAP, stored.getField("props").schema().getTypes().get(1).getType());
    assertEquals(Schema.Type.ARRAY, stored.getField("pts").schema().getTypes().get(1).getType());

    h.query("R = LOAD '" + out + "' USING dev.cif.pig.CifLoader();");
    assertEquals(h.rows("T"), h.rows("R"));
    assertTrue(org.apache.pig.impl.logicalLayer.schema.Schema.equals(h.pig.dumpSchema("R"), h.pig.dumpSchema("T"), false, true));
  }

  @Test
  void datetimeRoundTripsAsTimestampMillis() throws Exception {
    String out = h.path("dates.cif");
    h.query("D = FOREACH T GENERATE id, ToDate(n / 1000L) AS at;");
    h.pig.store("D", out, "dev.cif.pig.CifStorer()");
    h.query("DR = LOAD '" + out + "' USING dev.cif.pig.CifLoader();");
    assertEquals(h.rows("D"), h.rows("DR"));
    assertEquals("datetime", org.apache.pig.data.DataType.findTypeName(h.pig.dumpSchema("DR").getField("at").type));
  }

  @Test
  void decimalLoadsAsBigdecimal() throws Exception {
    Schema schema = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Money\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"amount\",\"type\":[\"null\","
        + "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":10,\"scale\":2}]}]}");
    List<org.apache.avro.generic.GenericRecord> records = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    String[] amounts = {"12.34", "-0.05", null, "99999999.99"};
    for (int i = 0; i < amounts.length; i++) {
      org.apache.avro.generic.GenericData.Record r = new org.apache.avro.generic.GenericData.Record(schema);
      r.put("id", i);
      // Unscaled bytes: cif-core's union writer cannot resolve a BigDecimal value in a nullable decimal.
      r.put("amount", amounts[i] == null ? null
          : java.nio.ByteBuffer.wrap(new java.math.BigDecimal(amounts[i]).unscaledValue().toByteArray()));
      records.add(r);
      lines.add(i + "\t" + (amounts[i] == null ? "" : amounts[i]));
    }
    CifFixtures.write(h.path("money.cif"), schema, records, new dev.cif.WriteOptions(), 1);
    PigHarness.writeText(h.path("money.txt"), lines);
    h.query("MC = LOAD '" + h.path("money.cif") + "' USING dev.cif.pig.CifLoader();",
        "MT = LOAD '" + h.path("money.txt") + "' USING PigStorage('\\t') AS (id:int, amount:bigdecimal);");
    assertEquals(h.rows("MT"), h.rows("MC"));
    assertEquals("bigdecimal", org.apache.pig.data.DataType.findTypeName(h.pig.dumpSchema("MC").getField("amount").type));
  }
}
