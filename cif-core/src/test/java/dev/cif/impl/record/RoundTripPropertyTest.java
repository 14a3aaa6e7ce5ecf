package dev.cif.impl.record;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * Random schemas (nesting up to 4 deep, nulls, empty and large maps and arrays, non-ASCII text)
 * written with random layouts, codecs, block sizes and skip levels, read back through LazyRecord
 * and EagerRecord with random projections and random get() patterns.
 */
class RoundTripPropertyTest {
  private static final int[][] LEVELS = {{1000, 100, 10}, {27, 9, 3}, {8, 4, 2}, {}};

  @Test
  void randomSchemasRoundTrip() throws Exception {
    TestFs t = new TestFs();
    for (int seed = 0; seed < 60; seed++) {
      RandomData data = new RandomData(seed);
      Random rnd = data.random();
      Schema schema = data.schema(6, 4);
      int rows = rnd.nextInt(5) == 0 ? rnd.nextInt(3) : rnd.nextInt(2500);
      List<GenericData.Record> expected = new ArrayList<>();
      for (int i = 0; i < rows; i++) expected.add(data.record(schema));

      WriteOptions opts = new WriteOptions()
          .blockBytes(rnd.nextBoolean() ? 1 + rnd.nextInt(3000) : 256 << 10)
          .splitDirectoryBytes(rnd.nextBoolean() ? 20_000 : 1L << 30)
          .skipLevels(LEVELS[rnd.nextInt(LEVELS.length)]);
      for (Schema.Field f : schema.getFields()) {
        ColumnLayout[] layouts = java.util.Arrays.stream(ColumnLayout.values()).filter(l -> l.fits(f.schema())).toArray(ColumnLayout[]::new);
        opts.layout(f.name(), layouts[rnd.nextInt(layouts.length)]);
        opts.codec(f.name(), BlockCodec.values()[rnd.nextInt(BlockCodec.values().length)]);
      }
      Path dir = t.path("ds" + seed);
      try (DatasetWriter w = new DatasetWriter(t.fs, dir, "part", schema, opts)) {
        for (GenericData.Record r : expected) w.write(r);
      }
      List<Path> dirs = rows == 0 ? Collections.emptyList() : DatasetListing.splitDirectories(t.fs, dir);

      for (RecordType type : RecordType.values()) {
        List<String> cols = new ArrayList<>();
        for (Schema.Field f : schema.getFields()) if (rnd.nextInt(3) != 0) cols.add(f.name());
        if (cols.isEmpty()) cols.add(schema.getFields().get(0).name());
        Collections.shuffle(cols, rnd);
        Projection p = Projection.of(schema, cols);
        double getChance = rnd.nextDouble();
        int n = 0;
        try (SplitRecordReader reader = new SplitRecordReader(t.fs, dirs, p, type, 1 << 28)) {
          while (reader.next()) {
            GenericRecord got = reader.current();
            GenericData.Record want = expected.get(n);
            for (String c : cols) {
              if (rnd.nextDouble() > getChance) continue;
              Object v = got.get(c);
              assertEquals(RandomData.normalize(want.get(c)), RandomData.normalize(v),
                  "seed " + seed + " " + type + " row " + n + " column " + c + " " + schema.getField(c).schema());
              if (rnd.nextInt(4) == 0) assertEquals(RandomData.normalize(v), RandomData.normalize(got.get(c)));
            }
            n++;
          }
        }
        assertEquals(rows, n, "seed " + seed);
      }
    }
  }

  @Test
  void valuesOverFourMegabytesRoundTrip() throws Exception {
    TestFs t = new TestFs();
    Schema s = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Big\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"blob\",\"type\":\"bytes\"},"
        + "{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"items\":\"string\"}}]}");
    Random rnd = new Random(7);
    List<GenericData.Record> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      GenericData.Record r = new GenericData.Record(s);
      byte[] b = new byte[i % 2 == 0 ? (5 << 20) + i : 10];
      rnd.nextBytes(b);
      r.put("id", i);
      r.put("blob", ByteBuffer.wrap(b));
      List<String> tags = new ArrayList<>();
      for (int k = 0; k < (i == 3 ? 200_000 : 2); k++) tags.add("tag-" + k + "-ü");
      r.put("tags", tags);
      rows.add(r);
    }
    Path dir = t.path("big");
    try (DatasetWriter w = new DatasetWriter(t.fs, dir, "p", s, new WriteOptions().codec("blob", BlockCodec.LZ4))) {
      for (GenericData.Record r : rows) w.write(r);
    }
    for (RecordType type : RecordType.values()) {
      try (SplitRecordReader reader = new SplitRecordReader(t.fs, DatasetListing.splitDirectories(t.fs, dir),
          Projection.of(s, "blob,tags,id"), type, 1 << 28)) {
        int n = 0;
        while (reader.next()) {
          if (n % 2 == 1 || type == RecordType.EAGER) {
            assertEquals(RandomData.normalize(rows.get(n).get("blob")), RandomData.normalize(reader.current().get("blob")));
          }
          assertEquals(RandomData.normalize(rows.get(n).get("tags")), RandomData.normalize(reader.current().get("tags")));
          n++;
        }
        assertEquals(6, n);
      }
    }
    assertTrue(t.fs.getContentSummary(dir).getLength() > 15 << 20);
  }
}
