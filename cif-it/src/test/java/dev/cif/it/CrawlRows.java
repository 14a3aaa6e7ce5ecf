package dev.cif.it;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * Crawl-like rows in the shape the paper's Figure 1 job reads (url, a metadata map, page content).
 * Row i depends only on (SEED, i), so the loader's map tasks and the expected answer agree without
 * sharing any state.
 */
final class CrawlRows {
  static final long SEED = 20260521L;
  static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Page\",\"fields\":["
      + "{\"name\":\"url\",\"type\":\"string\"},"
      + "{\"name\":\"metadata\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
      + "{\"name\":\"content\",\"type\":\"bytes\"}]}");
  static final Utf8 CONTENT_TYPE = new Utf8("content-type");
  // Some types occur only on Japanese IBM pages and some never do, so a job that ignores the url
  // filter or the map key gives a different answer.
  private static final String[] TYPES = {"text/html", "application/pdf", "text/plain", "image/png",
      "text/html; charset=Shift_JIS", "application/xml"};

  private CrawlRows() {
  }

  static GenericRecord row(int i) {
    Random r = new Random(SEED * 1_000_003L + i);
    boolean jp = r.nextInt(100) < 5;
    String host = jp ? "www.ibm.com/jp" : "www.site" + r.nextInt(40) + (r.nextBoolean() ? ".jp" : ".com");
    GenericData.Record rec = new GenericData.Record(SCHEMA);
    // Long, query-laden urls as crawls have: the url column of a split-directory then spans blocks.
    rec.put("url", new Utf8("http://" + host + "/doc/" + i + "?session=" + Long.toHexString(r.nextLong())
        + Long.toHexString(r.nextLong()) + "&ref=" + Long.toHexString(r.nextLong()) + "&lang=" + (jp ? "ja" : "en")
        + "&utm_source=crawler&utm_medium=link&utm_campaign=" + r.nextInt(1000)));
    Map<Utf8, Utf8> meta = new HashMap<>();
    meta.put(CONTENT_TYPE, new Utf8(TYPES[jp ? r.nextInt(5) : 1 + r.nextInt(TYPES.length - 1)]));
    meta.put(new Utf8("server"), new Utf8("httpd/" + r.nextInt(4)));
    rec.put("metadata", meta);
    byte[] content = new byte[200 + r.nextInt(800)];
    r.nextBytes(content);
    rec.put("content", ByteBuffer.wrap(content));
    return rec;
  }

  static boolean isJapaneseIbm(GenericRecord rec) {
    return rec.get("url").toString().contains("ibm.com/jp");
  }

  static String contentType(GenericRecord rec) {
    return ((Map<?, ?>) rec.get("metadata")).get(CONTENT_TYPE).toString();
  }

  /** Figure 1's answer computed from the generator, without CIF, HDFS or MapReduce. */
  static Set<String> figure1Answer(int rows) {
    Set<String> types = new TreeSet<>();
    for (int i = 0; i < rows; i++) {
      GenericRecord rec = row(i);
      if (isJapaneseIbm(rec)) {
        types.add(contentType(rec));
      }
    }
    return types;
  }
}
