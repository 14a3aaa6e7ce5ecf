package dev.cif.bench.harness;

import dev.cif.testing.crawl.CrawlData;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;

/**
 * The job of paper Figure 1 / §6.3: the distinct values of {@code map[key]} over records whose string
 * column contains a pattern; by default the distinct {@code metadata['content-type']} of urls containing
 * {@code ibm.com/jp}.
 *
 * <p>The map column is read only for records that pass the filter, exactly as the paper's map function
 * does; that is what lets a lazily materialised record skip deserializing it for the other ~94%.
 */
public final class DistinctMapValueJob implements BenchJob {

  private final String name;
  private final RowFilter filter;
  private final String mapColumn;
  private final String key;

  public DistinctMapValueJob(String name, String filterColumn, String pattern, String mapColumn, String key) {
    this.name = name;
    this.filter = new RowFilter.Contains(filterColumn, pattern);
    this.mapColumn = mapColumn;
    this.key = key;
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
  public List<String> projection() {
    return List.of(filter.column(), mapColumn);
  }

  @Override
  public Optional<RowFilter> rowFilter() {
    return Optional.of(filter);
  }

  @Override
  public JobRun newRun() {
    String filterColumn = filter.column();
    Utf8Text.Key mapKey = new Utf8Text.Key(key);
    return new JobRun() {
      private final TreeSet<String> distinct = new TreeSet<>();
      private long matched;

      @Override
      public void accept(GenericRecord record) {
        if (filter.test((CharSequence) record.get(filterColumn))) {
          matched++;
          Object value = mapKey.lookup((Map<?, ?>) record.get(mapColumn));
          if (value != null) {
            // toString copies: readers reuse their Utf8 objects for the next record.
            distinct.add(value.toString());
          }
        }
      }

      @Override
      public String answer() {
        return "matched=" + matched + " distinct=" + distinct;
      }
    };
  }
}
