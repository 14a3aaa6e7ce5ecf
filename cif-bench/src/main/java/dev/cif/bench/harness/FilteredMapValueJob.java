package dev.cif.bench.harness;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;

/**
 * A job that reads {@code map[key]} of the records whose string column passes a row filter, and the map
 * column only for those records, exactly as the paper's map functions do; that is what lets a lazily
 * materialised record skip deserializing the map for the others. Subclasses say what a run makes of the
 * values ({@link DistinctMapValueJob}: the distinct ones; {@link MapAggregateJob}: their sum).
 */
abstract class FilteredMapValueJob implements BenchJob {

  /** What one run makes of the values of the records that pass. */
  interface ValueRun {
    /** One record passed the filter; {@code value} is its map's value for the key, null when absent. */
    void matched(Object value);

    String answer();
  }

  private final RowFilter filter;
  private final String mapColumn;
  private final String key;

  FilteredMapValueJob(RowFilter filter, String mapColumn, String key) {
    this.filter = filter;
    this.mapColumn = mapColumn;
    this.key = key;
  }

  @Override
  public List<String> projection() {
    return List.of(filter.column(), mapColumn);
  }

  @Override
  public Optional<RowFilter> rowFilter() {
    return Optional.of(filter);
  }

  /** A fresh consumer for one timed run. */
  abstract ValueRun newValueRun();

  @Override
  public final JobRun newRun() {
    String filterColumn = filter.column();
    Utf8Text.Key mapKey = new Utf8Text.Key(key);
    ValueRun values = newValueRun();
    return new JobRun() {
      @Override
      public void accept(GenericRecord record) {
        if (filter.test((CharSequence) record.get(filterColumn))) {
          values.matched(mapKey.lookup((Map<?, ?>) record.get(mapColumn)));
        }
      }

      @Override
      public String answer() {
        return values.answer();
      }
    };
  }
}
