package dev.cif.testing.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.Deflater;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

class CrawlDataTest {

  private static final int ROWS = 5000;
  private final CrawlData crawl = new CrawlData(42);

  @Test
  void aboutSixPercentOfUrlsAreIbmJapan() {
    long matches = 0;
    for (GenericRecord record : crawl.firstRows(ROWS)) {
      if (CrawlData.urlOf(record).contains(CrawlData.IBM_JP)) {
        matches++;
      }
    }
    double ratio = matches / (double) ROWS;
    // Binomial sd at n=5000, p=0.06 is 0.34 points; 1.5 points is over four sd.
    assertEquals(0.06, ratio, 0.015, "ibm.com/jp ratio");
  }

  @Test
  void ibmJapanContentTypesAreAHandfulAndOthersAreManyMore() {
    Set<String> japan = new HashSet<>();
    Set<String> others = new HashSet<>();
    for (GenericRecord record : crawl.firstRows(ROWS)) {
      Object type = ((Map<?, ?>) record.get("metadata")).get(new Utf8(CrawlData.CONTENT_TYPE));
      if (type != null) {
        (CrawlData.urlOf(record).contains(CrawlData.IBM_JP) ? japan : others).add(type.toString());
      }
    }
    assertTrue(Set.copyOf(Arrays.asList(CrawlVocabulary.JP_CONTENT_TYPES)).containsAll(japan),
        () -> "unexpected Japan content types " + japan);
    assertTrue(japan.size() >= 3 && japan.size() <= 6, () -> "Japan content types " + japan);
    assertTrue(others.size() >= 15 && others.size() <= 30, () -> "other content types " + others.size());
  }

  @Test
  void nonJapanSitesNeverMatchThePredicate() {
    for (String site : CrawlVocabulary.OTHER_SITES) {
      assertFalse(site.contains(CrawlData.IBM_JP), site);
    }
    for (String site : CrawlVocabulary.JP_SITES) {
      assertTrue(site.contains(CrawlData.IBM_JP), site);
    }
  }

  @Test
  void fieldShapesFollowTheSpec() {
    for (GenericRecord record : crawl.firstRows(500)) {
      int inlinks = ((List<?>) record.get("inlink")).size();
      int metadata = ((Map<?, ?>) record.get("metadata")).size();
      int annotations = ((Map<?, ?>) record.get("annotations")).size();
      int content = ((ByteBuffer) record.get("content")).remaining();
      assertTrue(inlinks >= 0 && inlinks <= CrawlData.MAX_INLINKS, "inlinks " + inlinks);
      assertTrue(metadata >= CrawlData.MIN_METADATA && metadata <= CrawlData.MAX_METADATA, "metadata " + metadata);
      assertTrue(annotations <= CrawlData.MAX_ANNOTATIONS, "annotations " + annotations);
      // A page stops at the first block boundary past its target, so it may overshoot by one block.
      assertTrue(content >= CrawlData.MIN_CONTENT && content <= CrawlData.MAX_CONTENT + 1024, "content " + content);
    }
  }

  @Test
  void fetchTimeIsATimestampMillis() {
    Schema fetchTime = crawl.schema().getField("fetchTime").schema();
    assertEquals(Schema.Type.LONG, fetchTime.getType());
    assertEquals(LogicalTypes.timestampMillis(), fetchTime.getLogicalType());
  }

  @Test
  void contentCompressesLikeTextNotLikeNoise() {
    long original = 0;
    long compressed = 0;
    Deflater deflater = new Deflater();
    for (GenericRecord record : crawl.firstRows(20)) {
      ByteBuffer content = (ByteBuffer) record.get("content");
      byte[] bytes = new byte[content.remaining()];
      content.duplicate().get(bytes);
      deflater.reset();
      deflater.setInput(bytes);
      deflater.finish();
      byte[] out = new byte[bytes.length * 2];
      original += bytes.length;
      compressed += deflater.deflate(out);
    }
    double ratio = original / (double) compressed;
    // Crawled HTML deflates roughly 2.5-5x per page; random letters ~1.6x, a repeated string 50x+.
    assertTrue(ratio > 2.5 && ratio < 6.0, "deflate ratio " + ratio);
  }
}
