package dev.cif.pushdown;

/**
 * One column's statistics over a run of rows (a block of its file): row count, null count, and the
 * minimum and maximum non-null values, or null bounds when the block keeps none (types without
 * statistics, long strings, NaN). Null counts are kept for every column.
 */
public final class ColumnStatistics {
  final long rows;
  final long nulls;
  private final Object min;
  private final Object max;

  public ColumnStatistics(long rows, long nulls, Object min, Object max) {
    this.rows = rows;
    this.nulls = nulls;
    this.min = min;
    this.max = max;
  }

  boolean allNull() { return nulls == rows; }

  /** The literal against the minimum (sign of literal - min), or null when it cannot be judged. */
  Integer vsMin(Literal literal) { return literal.compareTo(min); }

  Integer vsMax(Literal literal) { return literal.compareTo(max); }

  /** What a comparison may yield over these rows: null too, wherever a value is null. */
  Outcomes comparison(boolean mayBeTrue, boolean mayBeFalse) { return Outcomes.of(mayBeTrue, mayBeFalse, nulls > 0); }

  /** The statistics of one column over a run, by column name; null when they cannot judge the column. */
  @FunctionalInterface
  public interface Lookup {
    ColumnStatistics of(String column);
  }
}
