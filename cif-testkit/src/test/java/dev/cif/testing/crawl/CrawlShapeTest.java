package dev.cif.testing.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

class CrawlShapeTest {

  private static final int ROWS = 2000;
  private final CrawlData paper = new CrawlData(11);

  @Test
  void thePapersShapeIsTheBenchmarksCrawl() {
    CrawlData shaped = new CrawlData(11, CrawlShape.PAPER);
    for (long i = 0; i < ROWS; i += 97) {
      assertEquals(paper.row(i), shaped.row(i), "row " + i);
    }
    assertEquals(CrawlData.schemaOf(), shaped.schema());
  }

  @Test
  void longUrlsOnlyAppendAQueryStringThatKeepsThePredicatesAnswer() {
    CrawlData longUrls = new CrawlData(11, CrawlShape.PAPER.longUrls());
    for (long i = 0; i < ROWS; i += 7) {
      GenericData.Record expected = paper.row(i);
      GenericData.Record row = longUrls.row(i);
      String url = CrawlData.urlOf(row);
      String paperUrl = CrawlData.urlOf(expected);
      assertTrue(url.startsWith(paperUrl + "?") && url.length() > paperUrl.length() + 100, url);
      assertEquals(paperUrl.contains(CrawlData.IBM_JP), url.contains(CrawlData.IBM_JP), url);
      expected.put("url", row.get("url"));
      assertEquals(expected, row, "only the url differs in row " + i);
    }
  }

  @Test
  void contentStaysInItsRange() {
    CrawlData small = new CrawlData(11, CrawlShape.PAPER.content(300, 900));
    for (GenericRecord row : small.firstRows(ROWS)) {
      int content = ((ByteBuffer) row.get("content")).remaining();
      // A page stops at the first paragraph past its target; a paragraph of 60 words, a quarter of them
      // wrapped in markup, can be well over 1 KB.
      assertTrue(content >= 300 && content <= 900 + 2048, "content " + content);
    }
  }

  @Test
  void seedPagesHaveNoSourceAndTheSchemaSaysSo() {
    CrawlData seeded = new CrawlData(11, CrawlShape.PAPER.seedPages(250));
    Schema srcUrl = seeded.schema().getField("srcUrl").schema();
    assertEquals(Schema.Type.UNION, srcUrl.getType());
    assertFalse(paper.schema().getField("srcUrl").schema().isNullable());
    int nulls = 0;
    for (long i = 0; i < ROWS; i++) {
      GenericData.Record row = seeded.row(i);
      assertTrue(GenericData.get().validate(seeded.schema(), row), "row " + i);
      if (row.get("srcUrl") == null) {
        nulls++;
      } else {
        assertEquals(paper.row(i).get("srcUrl"), row.get("srcUrl"));
      }
    }
    // Binomial sd at n=2000, p=0.25 is about 19 rows; 100 is over five sd.
    assertEquals(500, nulls, 100);
    assertNotEquals(CrawlData.schemaOf(), seeded.schema());
  }
}
