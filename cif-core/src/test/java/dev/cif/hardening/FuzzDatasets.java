package dev.cif.hardening;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.testing.RandomData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The valid split-directories the fuzzer mutates: one per layout and codec, all holding the same
 * rows. Blocks are tiny and skip levels short so that a few hundred rows give several blocks per
 * column and skip entries at every level, which is what the mutations need to reach.
 */
final class FuzzDatasets {
  static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"F\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"long\"},"
      + "{\"name\":\"name\",\"type\":[\"null\",\"string\"]},"
      + "{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"items\":\"string\"}},"
      + "{\"name\":\"m\",\"type\":[\"null\",{\"type\":\"map\",\"values\":\"int\"}]},"
      + "{\"name\":\"rec\",\"type\":{\"type\":\"record\",\"name\":\"Nested\",\"fields\":["
      + "{\"name\":\"e\",\"type\":{\"type\":\"enum\",\"name\":\"E\",\"symbols\":[\"A\",\"B\",\"C\"]}},"
      + "{\"name\":\"fx\",\"type\":{\"type\":\"fixed\",\"name\":\"Fx\",\"size\":3}},"
      + "{\"name\":\"nulls\",\"type\":{\"type\":\"array\",\"items\":\"null\"}},"
      + "{\"name\":\"b\",\"type\":\"boolean\"}]}},"
      + "{\"name\":\"d\",\"type\":\"double\"},"
      + "{\"name\":\"u\",\"type\":[\"null\",\"string\",\"long\"]},"
      + "{\"name\":\"dec\",\"type\":[\"null\",{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":12,\"scale\":2}]},"
      + "{\"name\":\"hm\",\"type\":{\"type\":\"map\",\"values\":[\"null\",\"string\"]}}]}");
  static final int ROWS = 240;
  static final ColumnLayout[] LAYOUTS = ColumnLayout.values();
  static final BlockCodec[] CODECS = BlockCodec.values();

  /** One written split-directory and the bytes of each of its files, by name. */
  static final class Dataset {
    final String label;
    final Path dir;
    final TreeMap<String, byte[]> files = new TreeMap<>();

    Dataset(String label, Path dir) throws IOException {
      this.label = label;
      this.dir = dir;
      try (var list = Files.list(dir)) {
        for (Path p : (Iterable<Path>) list::iterator) files.put(p.getFileName().toString(), Files.readAllBytes(p));
      }
    }

    /** Puts every file back as written. */
    void restore() throws IOException {
      for (var e : files.entrySet()) Files.write(dir.resolve(e.getKey()), e.getValue());
    }
  }

  final FileSystem fs;
  final List<GenericData.Record> rows = new ArrayList<>();
  final List<Dataset> datasets = new ArrayList<>();

  private static FuzzDatasets shared;

  /** Built once per JVM: the fuzzer calls in thousands of times. */
  static synchronized FuzzDatasets get() {
    if (shared == null) {
      try {
        shared = new FuzzDatasets();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return shared;
  }

  private FuzzDatasets() throws IOException {
    // The raw local file system: no .crc side files, so CIF's own checks are what is tested.
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    RandomData data = new RandomData(42);
    for (int i = 0; i < ROWS; i++) rows.add(data.record(SCHEMA));
    // hm's values come from a small vocabulary over three keys, so that its DCSL blocks are keyed (mode 3,
    // format version 6: a value stream per key in side segments), and, written with key streams off, take
    // the value-dictionary mode (mode 2, chosen when the previous block's values repeated); random
    // strings never would. Decimals
    // (precision 12) take the PACKED layout's unscaled longs by default. id comes in runs of 1 to 7
    // equal 15-bit values and dec in groups of 3 (a null stays null), so that their PACKED runs take the
    // repeats form (format version 5), with nulls inside groups; random values never would.
    String[] vocabulary = {"text/html", "nginx", "gzip", "max-age=0"};
    Random groups = new Random(42);
    for (int i = 0; i < ROWS; ) {
      long id = groups.nextInt(1 << 15);
      for (int k = 1 + groups.nextInt(7); k > 0 && i < ROWS; k--) rows.get(i++).put("id", id);
    }
    // d: decimals of two places in the first 160 rows (PACKED double blocks of scale 2, format version 7),
    // then the random doubles (raw blocks).
    for (int i = 0; i < 160; i++) rows.get(i).put("d", groups.nextInt(2_000_000) / 100.0 - 10_000);
    for (int i = 0; i < ROWS; i++) {
      Object first = rows.get(i - i % 3).get("dec");
      if (rows.get(i).get("dec") != null && first != null) rows.get(i).put("dec", ((java.nio.ByteBuffer) first).duplicate());
    }
    for (int i = 0; i < ROWS; i++) {
      // As the readers return them (and RandomData makes them): Utf8, not String.
      java.util.Map<org.apache.avro.util.Utf8, org.apache.avro.util.Utf8> hm = new java.util.HashMap<>();
      for (int k = 0; k < i % 4; k++) {
        hm.put(new org.apache.avro.util.Utf8("k" + k),
            (i + k) % 5 == 0 ? null : new org.apache.avro.util.Utf8(vocabulary[(i * 7 + k) % vocabulary.length]));
      }
      rows.get(i).put("hm", hm);
    }
    Path root = dev.cif.testing.TempDirs.create("cif-fuzz");
    for (ColumnLayout layout : LAYOUTS) {
      for (BlockCodec codec : CODECS) {
        write(root, layout + "-" + codec, new WriteOptions().codec("*", codec).layout("*", layout));
        if (layout == ColumnLayout.DCSL) {
          write(root, layout + "-rowvalues-" + codec, new WriteOptions().codec("*", codec).layout("*", layout).keyStreams(false));
        }
      }
    }
  }

  private void write(Path root, String label, WriteOptions o) throws IOException {
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(root.resolve(label).toUri());
    o.blockBytes(300).skipLevels(16, 4, 2);
    try (DatasetWriter w = new DatasetWriter(fs, out, "p", SCHEMA, o)) {
      for (GenericData.Record r : rows) w.write(r);
    }
    List<org.apache.hadoop.fs.Path> dirs = DatasetListing.splitDirectories(fs, out);
    if (dirs.size() != 1) throw new IllegalStateException(label + " wrote " + dirs);
    datasets.add(new Dataset(label, Path.of(dirs.get(0).toUri())));
  }
}
