package dev.cif.bench.harness;

import dev.cif.testing.crawl.CrawlData;
import java.util.TreeSet;

/**
 * The job of paper Figure 1 / §6.3: the distinct values of {@code map[key]} over records whose string
 * column contains a pattern; by default the distinct {@code metadata['content-type']} of urls containing
 * {@code ibm.com/jp}.
 *
 * <p>The map column is read only for the ~6% of records that pass the filter.
 */
public final class DistinctMapValueJob extends FilteredMapValueJob {

  private final String name;

  public DistinctMapValueJob(String name, String filterColumn, String pattern, String mapColumn, String key) {
    super(new RowFilter.Contains(filterColumn, pattern), mapColumn, key);
    this.name = name;
  }

  /** The Figure 1 job over {@link CrawlData}. */
  public static DistinctMapValueJob figure1() {
    return new DistinctMapValueJob("content-types", "url", CrawlData.IBM_JP, "metadata", CrawlData.CONTENT_TYPE);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  ValueRun newValueRun() {
    return new ValueRun() {
      private final TreeSet<String> distinct = new TreeSet<>();
      private long matched;

      @Override
      public void matched(Object value) {
        matched++;
        if (value != null) {
          // toString copies: readers reuse their Utf8 objects for the next record.
          distinct.add(value.toString());
        }
      }

      @Override
      public String answer() {
        return "matched=" + matched + " distinct=" + distinct;
      }
    };
  }
}
