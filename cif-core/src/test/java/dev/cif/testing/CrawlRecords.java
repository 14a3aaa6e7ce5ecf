package dev.cif.testing;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;

/** A small crawl dataset with the paper's URLInfo schema (Figure 2), for tests. Row i depends on (seed, i) only. */
public final class CrawlRecords {
  public static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"URLInfo\",\"fields\":["
      + "{\"name\":\"url\",\"type\":\"string\"},{\"name\":\"srcUrl\",\"type\":[\"null\",\"string\"]},"
      + "{\"name\":\"fetchTime\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}},"
      + "{\"name\":\"inlink\",\"type\":{\"type\":\"array\",\"items\":\"string\"}},"
      + "{\"name\":\"metadata\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
      + "{\"name\":\"annotations\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
      + "{\"name\":\"content\",\"type\":\"bytes\"}]}");
  static final String[] TYPES = {"text/html", "text/html; charset=UTF-8", "application/pdf", "image/png", "text/plain"};

  private CrawlRecords() {}

  public static GenericData.Record row(long seed, int i) {
    Random r = new Random(seed * 1_000_003L + i);
    GenericData.Record rec = new GenericData.Record(SCHEMA);
    String host = r.nextInt(100) < 6 ? "www.ibm.com/jp" : "www.site" + r.nextInt(50) + ".com";
    rec.put("url", new Utf8("http://" + host + "/page/" + i));
    rec.put("srcUrl", r.nextInt(4) == 0 ? null : new Utf8("http://src" + r.nextInt(9) + ".org/"));
    rec.put("fetchTime", 1_300_000_000_000L + i * 1000L);
    List<Utf8> in = new ArrayList<>();
    for (int k = r.nextInt(4); k > 0; k--) in.add(new Utf8("http://l" + r.nextInt(99) + ".net/"));
    rec.put("inlink", in);
    Map<Utf8, Utf8> meta = new HashMap<>();
    meta.put(new Utf8("content-type"), new Utf8(TYPES[r.nextInt(TYPES.length)]));
    meta.put(new Utf8("server"), new Utf8("httpd/" + r.nextInt(3)));
    meta.put(new Utf8("content-length"), new Utf8(Integer.toString(r.nextInt(90000))));
    rec.put("metadata", meta);
    Map<Utf8, Utf8> ann = new HashMap<>();
    if (r.nextBoolean()) ann.put(new Utf8("language"), new Utf8(r.nextBoolean() ? "ja" : "en"));
    rec.put("annotations", ann);
    byte[] content = new byte[2000 + r.nextInt(3000)];
    for (int k = 0; k < content.length; k++) content[k] = (byte) ('a' + r.nextInt(26));
    rec.put("content", ByteBuffer.wrap(content));
    return rec;
  }
}
