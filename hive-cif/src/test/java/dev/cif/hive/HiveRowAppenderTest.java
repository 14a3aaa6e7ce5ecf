package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.ColumnLayout;
import dev.cif.conf.CifConf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.StandardUnionObjectInspector.StandardUnion;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The column path ({@link HiveRowAppender}: Hive's fields appended to the column writers) writes the same
 * bytes as the record path it replaced ({@link HiveToCif}'s Avro record per row, CifWriter.write), for every
 * Hive type, nulls at every level, in every layout, through Java and writable ObjectInspectors.
 */
class HiveRowAppenderTest {
  private static final List<String> NAMES = List.of("b", "ti", "si", "i", "l", "f", "d", "s", "ch", "vc", "bin", "dec", "bigdec",
      "dt", "ts", "arr", "smap", "imap", "st", "un", "dictish");
  private static final String TYPES = "boolean:tinyint:smallint:int:bigint:float:double:string:char(5):varchar(10):binary:"
      + "decimal(10,2):decimal(38,10):date:timestamp:array<int>:map<string,int>:map<int,string>:"
      + "struct<a:int,b:string,c:struct<d:double,e:array<string>>>:uniontype<int,string>:string";
  private static final int ROWS = 1500;

  @TempDir Path tmp;

  @Test
  void everyTypeAndLayoutWritesTheRecordPathsBytes() throws IOException {
    List<TypeInfo> types = TypeInfoUtils.getTypeInfosFromTypeString(TYPES);
    Schema schema = HiveTypeMapping.tableSchema("t", NAMES, types);
    StructObjectInspector java = (StructObjectInspector) TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(
        TypeInfoUtils.getTypeInfoFromTypeString("struct<" + fields() + ">"));
    StructObjectInspector writable = (StructObjectInspector) TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(
        TypeInfoUtils.getTypeInfoFromTypeString("struct<" + fields() + ">"));
    ObjectInspectorConverters.Converter toWritable = ObjectInspectorConverters.getConverter(java, writable);
    List<Object> javaRows = rows(new Random(32));
    List<Object> writableRows = new ArrayList<>();
    for (Object r : javaRows) writableRows.add(toWritable.convert(r));
    writableRows.add(malformedTextRow(writable));

    List<String> layouts = new ArrayList<>();
    layouts.add("");
    for (ColumnLayout l : ColumnLayout.values()) layouts.add(l.name());
    int compared = 0;
    for (String layout : layouts) {
      Configuration conf = new Configuration(false);
      conf.set(CifConf.LAYOUT.key(), layout);
      // Uncompressed (a codec compresses the same block bytes either way), in small blocks: many of them,
      // DICT switching between its modes, PACKED runs across block ends.
      conf.set(CifConf.CODEC.key(), "none");
      conf.setLong(CifConf.BLOCK_BYTES.key(), 2048);
      compared += compare(conf, schema, java, javaRows, layout + "-java");
      compared += compare(conf, schema, writable, writableRows, layout + "-writable");
    }
    assertTrue(compared > 200, "files compared: " + compared);
  }

  /** A row of a struct inspector with a string field that is not valid UTF-8 (a text table may hold one). */
  private static Object malformedTextRow(StructObjectInspector writable) {
    List<Object> row = new ArrayList<>();
    for (int i = 0; i < NAMES.size(); i++) row.add(null);
    Text t = new Text();
    t.set(new byte[] {'a', (byte) 0xC3, 'b', (byte) 0xED, (byte) 0xA0, (byte) 0x80}, 0, 6);
    row.set(NAMES.indexOf("s"), t);
    return row;
  }

  /** Writes the rows both ways and compares every file; returns how many files were compared. */
  private int compare(Configuration conf, Schema schema, StructObjectInspector oi, List<Object> rows, String name) throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    org.apache.hadoop.fs.Path oldDir = new org.apache.hadoop.fs.Path(tmp.resolve("old-" + name).toUri());
    org.apache.hadoop.fs.Path newDir = new org.apache.hadoop.fs.Path(tmp.resolve("new-" + name).toUri());
    List<? extends StructField> refs = oi.getAllStructFieldRefs();
    List<Function<Object, Object>> converters = new ArrayList<>();
    for (int i = 0; i < refs.size(); i++) converters.add(HiveToCif.forInspector(refs.get(i).getFieldObjectInspector(), schema.getFields().get(i).schema()));
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, oldDir, schema, Cif.writeOptions(conf))) {
      for (Object row : rows) {
        GenericData.Record r = new GenericData.Record(schema);
        for (int i = 0; i < refs.size(); i++) r.put(i, converters.get(i).apply(oi.getStructFieldData(row, refs.get(i))));
        w.write(r);
      }
    }
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, newDir, schema, Cif.writeOptions(conf))) {
      HiveRowAppender appender = new HiveRowAppender(oi, schema);
      for (Object row : rows) appender.append(row, w);
      assertEquals(rows.size(), w.rows());
    } catch (org.apache.hadoop.hive.serde2.SerDeException e) {
      throw new AssertionError(e);
    }
    List<String> files = list(Path.of(oldDir.toUri()));
    assertEquals(files, list(Path.of(newDir.toUri())), name);
    assertTrue(files.size() > NAMES.size(), name + ": " + files);
    for (String f : files) {
      assertArrayEquals(Files.readAllBytes(Path.of(oldDir.toUri()).resolve(f)), Files.readAllBytes(Path.of(newDir.toUri()).resolve(f)),
          name + ": " + f);
    }
    return files.size();
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".crc")).sorted().toList();
    }
  }

  private static String fields() {
    List<String> types = new ArrayList<>();
    for (TypeInfo t : TypeInfoUtils.getTypeInfosFromTypeString(TYPES)) types.add(t.getTypeName());
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < NAMES.size(); i++) sb.append(i == 0 ? "" : ",").append(NAMES.get(i)).append(':').append(types.get(i));
    return sb.toString();
  }

  /** Rows of Java values; about one value in eight is null, nested ones included. */
  private static List<Object> rows(Random r) {
    String[] words = {"AMERICA", "ASIA", "EUROPE", "Zürich", "東京", "\uD83D\uDE00", "", "MIDDLE EAST"};
    List<Object> rows = new ArrayList<>();
    for (int n = 0; n < ROWS; n++) {
      // Runs of rows where the strings repeat and runs where they do not: DICT's two block modes.
      boolean repeat = (n / 300) % 2 == 0;
      List<Object> row = new ArrayList<>();
      row.add(r.nextBoolean());
      row.add((byte) r.nextInt());
      row.add((short) r.nextInt());
      row.add(n % 50 == 0 ? Integer.MIN_VALUE : r.nextInt(1000) - 500);
      row.add(n % 50 == 1 ? Long.MAX_VALUE : r.nextLong() >> r.nextInt(64));
      row.add(n % 97 == 0 ? Float.NaN : r.nextFloat() * 100 - 50);
      row.add(n % 89 == 0 ? -0.0 : r.nextGaussian() * 1e6);
      row.add(repeat ? words[r.nextInt(words.length)] : "s" + r.nextLong() + words[r.nextInt(words.length)]);
      row.add(new HiveChar(words[r.nextInt(words.length)], 5));
      row.add(new HiveVarchar(words[r.nextInt(words.length)] + n, 10));
      byte[] bin = new byte[r.nextInt(6)];
      r.nextBytes(bin);
      row.add(bin);
      row.add(HiveDecimal.create(java.math.BigInteger.valueOf(r.nextInt(2_000_000) - 1_000_000), r.nextInt(3)));
      row.add(HiveDecimal.create(new java.math.BigDecimal(new java.math.BigInteger(80, r), r.nextInt(12)).negate()));
      row.add(Date.ofEpochDay(r.nextInt(40000) - 10000));
      row.add(Timestamp.ofEpochMilli(r.nextLong() % 4_000_000_000_000L, r.nextInt(1000) * 1000));
      row.add(n % 7 == 0 ? new ArrayList<>() : new ArrayList<>(Arrays.asList(r.nextInt(100), null, r.nextInt())));
      Map<Object, Object> smap = new TreeMap<>();
      for (int k = 0; k < r.nextInt(4); k++) smap.put("k" + r.nextInt(6), r.nextInt(3) == 0 ? null : r.nextInt(1000));
      row.add(smap);
      Map<Object, Object> imap = new HashMap<>();
      for (int k = 0; k < r.nextInt(4); k++) imap.put(r.nextInt(9) - 4, words[r.nextInt(words.length)]);
      row.add(imap);
      row.add(Arrays.asList(r.nextInt(), n % 11 == 0 ? null : words[r.nextInt(words.length)],
          n % 13 == 0 ? null : Arrays.asList(r.nextDouble(), Arrays.asList("x", null, words[r.nextInt(words.length)]))));
      row.add(r.nextBoolean() ? new StandardUnion((byte) 0, r.nextInt()) : new StandardUnion((byte) 1, words[r.nextInt(words.length)]));
      row.add(words[n / 200 % words.length]);
      for (int i = 0; i < row.size(); i++) if (r.nextInt(8) == 0) row.set(i, null);
      rows.add(row);
    }
    return rows;
  }

  /** A row with a column missing is refused at its end, and the split-directory abandoned: nothing is listed. */
  @Test
  void aRowWithoutAValueInEveryColumnAbandonsTheSplitDirectory() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Schema schema = HiveTypeMapping.tableSchema("t", List.of("a", "b"), TypeInfoUtils.getTypeInfosFromTypeString("int:string"));
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(tmp.resolve("partial").toUri());
    CifWriter w = Cif.createSplitDirectoryWriter(fs, dir, schema, Cif.writeOptions(new Configuration(false)));
    w.column(0).appendInt(1);
    w.column(1).appendBytes(new byte[] {'x'}, 0, 1);
    w.endRow();
    w.column(0).appendInt(2);
    IOException e = assertThrows(IOException.class, w::endRow);
    assertTrue(e.getMessage().contains("column b"), e.getMessage());
    w.close();
    assertFalse(fs.exists(dir));
    assertEquals(List.of(), list(tmp).stream().filter(n -> n.contains("partial")).toList());
  }
}
