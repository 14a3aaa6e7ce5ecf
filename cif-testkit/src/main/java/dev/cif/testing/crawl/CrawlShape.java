package dev.cif.testing.crawl;

import java.util.SplittableRandom;
import org.apache.avro.util.Utf8;

/**
 * What a test may change about the generated crawl instead of writing a generator of its own: the
 * content size (smaller pages keep a test short), long query-string urls (so that a split-directory's
 * url column spans blocks) and seed pages, which have no source url (so that srcUrl has nulls).
 *
 * <p>{@link #PAPER} is the benchmarks' crawl. The url and source options draw from a random stream of
 * their own, never from the row's, so that a shape differs from the paper's only where it says so, and
 * the paper's shape stays byte-identical to the data the benchmarks have always written. Immutable: each
 * option returns a new shape.
 */
public final class CrawlShape {

  /** The crawl of §6.3 as the benchmarks and {@code bin/cif demo} write it. */
  public static final CrawlShape PAPER =
      new CrawlShape(CrawlData.MIN_CONTENT, CrawlData.MAX_CONTENT, false, 0);

  final int minContent;
  final int maxContent;
  private final boolean longUrls;
  private final int seedPagePermille;

  private CrawlShape(int minContent, int maxContent, boolean longUrls, int seedPagePermille) {
    if (minContent < 0 || maxContent < minContent) {
      throw new IllegalArgumentException("bad content range [" + minContent + ", " + maxContent + "]");
    }
    if (seedPagePermille < 0 || seedPagePermille > 1000) {
      throw new IllegalArgumentException("seed pages per mille " + seedPagePermille);
    }
    this.minContent = minContent;
    this.maxContent = maxContent;
    this.longUrls = longUrls;
    this.seedPagePermille = seedPagePermille;
  }

  /** Pages of about {@code min} to {@code max} bytes (a page may overshoot by one paragraph). */
  public CrawlShape content(int min, int max) {
    return new CrawlShape(min, max, longUrls, seedPagePermille);
  }

  /** Urls carrying a crawler's session and tracking query string, some 110 characters longer. */
  public CrawlShape longUrls() {
    return new CrawlShape(minContent, maxContent, true, seedPagePermille);
  }

  /** About {@code permille}‰ of pages were crawl seeds: their srcUrl is null, and the schema says it may be. */
  public CrawlShape seedPages(int permille) {
    return new CrawlShape(minContent, maxContent, longUrls, permille);
  }

  boolean nullableSource() {
    return seedPagePermille > 0;
  }

  String url(String url, SplittableRandom own) {
    return longUrls ? url + CrawlVocabulary.queryString(own) : url;
  }

  Utf8 srcUrl(String srcUrl, SplittableRandom own) {
    return own.nextInt(1000) < seedPagePermille ? null : new Utf8(srcUrl);
  }
}
