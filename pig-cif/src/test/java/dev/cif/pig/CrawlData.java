package dev.cif.pig;

import dev.cif.column.ColumnLayout;
import dev.cif.split.WriteOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The paper's crawl data in miniature (url, metadata map, large content), as CIF with metadata in a
 * DCSL column and as PigStorage text of the same rows.
 */
final class CrawlData {
  static final int ROWS = 60;
  static final int CONTENT_CHARS = 3000;
  static final String PIG_SCHEMA = "url:chararray, metadata:map[chararray], content:chararray";
  static final Schema AVRO = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Page\",\"fields\":["
      + "{\"name\":\"url\",\"type\":\"string\"},"
      + "{\"name\":\"metadata\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
      + "{\"name\":\"content\",\"type\":\"string\"}]}");
  private static final String[] SITES = {"www.ibm.com/jp", "www.ibm.com/us", "jp.example.org", "www.ibm.com/jp/ja"};
  private static final String[] TYPES = {"text/html", "text/plain", "application/pdf", "image/png", "text/xml"};

  private CrawlData() {}

  static String url(int i) { return "http://" + SITES[i % SITES.length] + "/page" + i + ".html"; }

  /** Four or five keys per page; content-type is missing from every seventh page. */
  static Map<String, String> metadata(int i) {
    Map<String, String> m = new LinkedHashMap<>();
    if (i % 7 != 6) m.put("content-type", TYPES[(i * 7 / 3) % TYPES.length]);
    m.put("server", "srv" + (i % 3));
    m.put("length", Integer.toString(i * 100));
    m.put("x-key" + (i % 5), "v" + i);
    m.put("date", "2008-0" + (1 + i % 9));
    return m;
  }

  static String content(int i) {
    StringBuilder sb = new StringBuilder(CONTENT_CHARS);
    while (sb.length() < CONTENT_CHARS) sb.append("word").append(i).append(' ');
    return sb.substring(0, CONTENT_CHARS);
  }

  static int totalMetadataKeys() {
    int n = 0;
    for (int i = 0; i < ROWS; i++) n += metadata(i).size();
    return n;
  }

  static List<String> textLines() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      StringBuilder m = new StringBuilder("[");
      for (Map.Entry<String, String> e : metadata(i).entrySet()) {
        if (m.length() > 1) m.append(',');
        m.append(e.getKey()).append('#').append(e.getValue());
      }
      out.add(url(i) + "\t" + m.append(']') + "\t" + content(i));
    }
    return out;
  }

  static void writeCif(String dataset) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericData.Record r = new GenericData.Record(AVRO);
      r.put("url", url(i));
      r.put("metadata", metadata(i));
      r.put("content", content(i));
      records.add(r);
    }
    CifFixtures.write(dataset, AVRO, records, new WriteOptions().layout("metadata", ColumnLayout.DCSL), 3);
  }
}
