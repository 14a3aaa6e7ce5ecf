package dev.cif.bench.harness;

import dev.cif.bench.data.SelectivityBucket;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;

/**
 * The job of paper Appendix B.4 (Figure 10): sum {@code map[key]} over the records whose string column
 * passes a predicate of known selectivity ({@link SelectivityBucket}: exactly {@code percent}% of rows).
 * As in {@link DistinctMapValueJob}, the map is read only for records that pass.
 */
public final class MapAggregateJob implements BenchJob {

  private final RowFilter filter;
  private final int percent;
  private final String mapColumn;
  private final String key;

  public MapAggregateJob(String predicateColumn, int percent, String mapColumn, String key) {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("selectivity must be 0..100%, got " + percent);
    }
    this.filter = new RowFilter.BucketBelow(predicateColumn, percent);
    this.percent = percent;
    this.mapColumn = mapColumn;
    this.key = key;
  }

  @Override
  public String name() {
    return "sel-" + percent + "%";
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
    Utf8Text.Key mapKey = new Utf8Text.Key(key);
    String predicateColumn = filter.column();
    return new JobRun() {
      private long matched;
      private long present;
      private long sum;

      @Override
      public void accept(GenericRecord record) {
        if (filter.test((CharSequence) record.get(predicateColumn))) {
          matched++;
          Object value = mapKey.lookup((Map<?, ?>) record.get(mapColumn));
          if (value != null) {
            present++;
            sum += ((Number) value).longValue();
          }
        }
      }

      @Override
      public String answer() {
        return "matched=" + matched + " withKey=" + present + " sum=" + sum;
      }
    };
  }
}
