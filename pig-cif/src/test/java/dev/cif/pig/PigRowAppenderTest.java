package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.pig.ResourceSchema;
import org.apache.pig.data.BagFactory;
import org.apache.pig.data.DataBag;
import org.apache.pig.data.DataByteArray;
import org.apache.pig.data.Tuple;
import org.apache.pig.data.TupleFactory;
import org.apache.pig.impl.util.Utils;
import org.joda.time.DateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CifStorer's column path ({@link PigRowAppender}) writes the bytes of the record path it replaced
 * ({@link PigToAvro}'s record per tuple), for every Pig type, with nulls, in every layout.
 */
class PigRowAppenderTest {
  private static final String PIG = "id:int, n:long, f:float, d:double, s:chararray, b:bytearray, flag:boolean, t:datetime, "
      + "props:map[int], point:tuple(x:int, label:chararray), nums:bag{t:tuple(value:int)}, loose:map[]";
  private static final TupleFactory TUPLES = TupleFactory.getInstance();

  @TempDir Path tmp;

  @Test
  void everyTypeAndLayoutWritesTheRecordPathsBytes() throws Exception {
    Schema schema = PigToAvroSchema.of(new ResourceSchema(Utils.getSchemaFromString(PIG)));
    List<Tuple> tuples = tuples(new Random(32), 1200);
    List<String> layouts = new ArrayList<>();
    layouts.add("");
    for (ColumnLayout l : ColumnLayout.values()) layouts.add(l.name());
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    for (String layout : layouts) {
      Configuration conf = new Configuration(false);
      conf.set(CifConf.LAYOUT.key(), layout);
      conf.set(CifConf.CODEC.key(), "none");
      conf.setLong(CifConf.BLOCK_BYTES.key(), 2048);
      Path oldDir = tmp.resolve("old-" + layout);
      Path newDir = tmp.resolve("new-" + layout);
      try (CifWriter w = Cif.createSplitDirectoryWriter(fs, new org.apache.hadoop.fs.Path(oldDir.toUri()), schema, Cif.writeOptions(conf))) {
        for (Tuple t : tuples) w.write(PigToAvro.record(t, schema, ""));
      }
      try (CifWriter w = Cif.createSplitDirectoryWriter(fs, new org.apache.hadoop.fs.Path(newDir.toUri()), schema, Cif.writeOptions(conf))) {
        PigRowAppender rows = new PigRowAppender(schema);
        for (Tuple t : tuples) rows.append(t, w);
      }
      List<String> files = list(oldDir);
      assertEquals(files, list(newDir));
      assertTrue(files.size() > schema.getFields().size(), files.toString());
      for (String f : files) assertArrayEquals(Files.readAllBytes(oldDir.resolve(f)), Files.readAllBytes(newDir.resolve(f)), layout + ": " + f);
    }
  }

  /** A field holding another type than declared is refused with the record path's message. */
  @Test
  void aValueOfTheWrongTypeIsRefusedAsBefore() throws Exception {
    Schema schema = PigToAvroSchema.of(new ResourceSchema(Utils.getSchemaFromString("a:int, s:chararray")));
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Tuple bad = TUPLES.newTuple(List.of(1, 2L));
    String before = assertThrows(IOException.class, () -> PigToAvro.record(bad, schema, "")).getMessage();
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, new org.apache.hadoop.fs.Path(tmp.resolve("bad").toUri()), schema,
        Cif.writeOptions(new Configuration(false)))) {
      String now = assertThrows(IOException.class, () -> new PigRowAppender(schema).append(bad, w)).getMessage();
      assertEquals(before, now);
      w.abort();
    }
  }

  private static List<Tuple> tuples(Random r, int n) throws Exception {
    String[] words = {"AMERICA", "ASIA", "Zürich", "東京", "", "x"};
    List<Tuple> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      boolean repeat = (i / 300) % 2 == 0;
      Map<String, Object> props = new HashMap<>();
      for (int k = 0; k < r.nextInt(3); k++) props.put("k" + r.nextInt(5), r.nextInt(4) == 0 ? null : r.nextInt(100));
      DataBag nums = BagFactory.getInstance().newDefaultBag();
      for (int k = 0; k < r.nextInt(3); k++) nums.add(TUPLES.newTuple(List.of(r.nextInt())));
      Map<String, Object> loose = new HashMap<>();
      loose.put("a", r.nextBoolean() ? (Object) r.nextLong() : words[r.nextInt(words.length)]);
      List<Object> fields = new ArrayList<>(List.of(r.nextInt(), r.nextLong() >> r.nextInt(64), r.nextFloat(), r.nextGaussian(),
          repeat ? words[r.nextInt(words.length)] : "s" + r.nextLong(), new DataByteArray(new byte[] {(byte) r.nextInt(), 1}),
          r.nextBoolean(), new DateTime(r.nextLong() % 4_000_000_000_000L), props, TUPLES.newTuple(java.util.Arrays.asList(r.nextInt(9), words[r.nextInt(words.length)])),
          nums, loose));
      for (int k = 1; k < fields.size(); k++) if (r.nextInt(8) == 0) fields.set(k, null);
      out.add(TUPLES.newTuple(fields));
    }
    return out;
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(x -> !x.endsWith(".crc")).sorted().toList();
    }
  }
}
