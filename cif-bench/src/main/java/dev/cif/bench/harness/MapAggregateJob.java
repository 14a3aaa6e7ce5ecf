package dev.cif.bench.harness;

import dev.cif.bench.data.SelectivityBucket;

/**
 * The job of paper Appendix B.4 (Figure 10): sum {@code map[key]} over the records whose string column
 * passes a predicate of known selectivity ({@link SelectivityBucket}: exactly {@code percent}% of rows).
 * As in {@link DistinctMapValueJob}, the map is read only for records that pass.
 */
public final class MapAggregateJob extends FilteredMapValueJob {

  private final int percent;

  public MapAggregateJob(String predicateColumn, int percent, String mapColumn, String key) {
    super(bucketBelow(predicateColumn, percent), mapColumn, key);
    this.percent = percent;
  }

  private static RowFilter bucketBelow(String predicateColumn, int percent) {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("selectivity must be 0..100%, got " + percent);
    }
    return new RowFilter.BucketBelow(predicateColumn, percent);
  }

  @Override
  public String name() {
    return "sel-" + percent + "%";
  }

  @Override
  ValueRun newValueRun() {
    return new ValueRun() {
      private long matched;
      private long present;
      private long sum;

      @Override
      public void matched(Object value) {
        matched++;
        if (value != null) {
          present++;
          sum += ((Number) value).longValue();
        }
      }

      @Override
      public String answer() {
        return "matched=" + matched + " withKey=" + present + " sum=" + sum;
      }
    };
  }
}
