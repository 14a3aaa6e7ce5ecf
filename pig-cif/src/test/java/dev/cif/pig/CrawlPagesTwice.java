package dev.cif.pig;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.testing.CrawlPages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The test kit's crawl pages in miniature, twice: as CIF with metadata in a DCSL column and as PigStorage
 * text of the same rows, so that every query can be checked against Pig over the text. No generator of
 * its own: the rows are {@link CrawlPages}'; see there why they are not the kit's URLInfo crawl.
 */
final class CrawlPagesTwice {
  static final int ROWS = 60;
  static final int CONTENT_CHARS = 3000;
  static final String PIG_SCHEMA = CrawlPages.PIG_SCHEMA;
  static final Schema AVRO = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Page\",\"fields\":["
      + "{\"name\":\"url\",\"type\":\"string\"},"
      + "{\"name\":\"metadata\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
      + "{\"name\":\"content\",\"type\":\"string\"}]}");

  private CrawlPagesTwice() {}

  static int totalMetadataKeys() {
    int n = 0;
    for (int i = 0; i < ROWS; i++) n += CrawlPages.metadata(i).size();
    return n;
  }

  static List<String> textLines() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) out.add(CrawlPages.line(i, CONTENT_CHARS));
    return out;
  }

  static void writeCif(String dataset) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericData.Record r = new GenericData.Record(AVRO);
      r.put("url", CrawlPages.url(i));
      r.put("metadata", CrawlPages.metadata(i));
      r.put("content", CrawlPages.content(i, CONTENT_CHARS));
      records.add(r);
    }
    // Uncompressed, as before LZ4 became the default: the generated content repeats, and LZ4 would shrink
    // its files below url's, where PushdownTest compares what reading url alone costs with content's size.
    CifFixtures.write(dataset, AVRO, records,
        new WriteOptions().codec("*", BlockCodec.NONE).layout("metadata", ColumnLayout.DCSL), 3);
  }
}
