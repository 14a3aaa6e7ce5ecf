package dev.cif.hive;

import dev.cif.column.BlockStats;
import dev.cif.column.ColumnFileReader;
import dev.cif.conf.CifConf;
import dev.cif.schema.CifSchemas;
import dev.cif.split.SplitDirectory;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument.TruthValue;

/**
 * Hive's pushed-down filter (a SearchArgument) against the per-block statistics cif-core keeps in each
 * column file's footer: a split-directory whose min/max/null counts show that no row can match is
 * left out of the splits. Hive keeps its own Filter operator, so this may only skip, never decide:
 * anything it cannot judge (types without statistics, unsupported operators) counts as "maybe".
 */
final class SplitDirectoryFilter {
  private final SearchArgument sarg;
  private final long maxValueBytes;

  private SplitDirectoryFilter(SearchArgument sarg, long maxValueBytes) {
    this.sarg = sarg;
    this.maxValueBytes = maxValueBytes;
  }

  /** The job's pushed filter, or null when Hive pushed none. */
  static SplitDirectoryFilter fromConf(Configuration conf) {
    SearchArgument sarg = ConvertAstToSearchArg.createFromConf(conf);
    return sarg == null ? null : new SplitDirectoryFilter(sarg, CifConf.MAX_VALUE_BYTES.getLong(conf));
  }

  /** False only when no row of the split-directory can satisfy the filter. */
  boolean mayMatch(FileSystem fs, Path dir) throws IOException {
    SplitDirectory sd = SplitDirectory.open(fs, dir);
    List<PredicateLeaf> leaves = sarg.getLeaves();
    TruthValue[] truth = new TruthValue[leaves.size()];
    Map<String, ColumnSummary> summaries = new HashMap<>();
    for (int i = 0; i < truth.length; i++) {
      PredicateLeaf leaf = leaves.get(i);
      ColumnSummary s = summaries.get(leaf.getColumnName());
      if (s == null) {
        s = ColumnSummary.of(sd, leaf.getColumnName(), maxValueBytes);
        summaries.put(leaf.getColumnName(), s);
      }
      truth[i] = s.evaluate(leaf);
    }
    return sarg.evaluate(truth).isNeeded();
  }

  /** One column's statistics over a whole split-directory. */
  static final class ColumnSummary {
    long rows;
    long nulls;
    Comparable<Object> min;
    Comparable<Object> max;
    boolean bounded = true;

    static ColumnSummary of(SplitDirectory sd, String column, long maxValueBytes) throws IOException {
      ColumnSummary s = new ColumnSummary();
      s.rows = sd.rows();
      if (!sd.hasColumn(column)) {
        // A partition column (Hive pushes those too), or one added after this split-directory was
        // written; the two cannot be told apart here, so nothing is judged.
        s.bounded = false;
        return s;
      }
      // char(n) is stored without its padding while Hive may compare with a padded literal: not judged.
      String logical = CifSchemas.logicalName(CifSchemas.nonNull(sd.schema().getField(column).schema()));
      if ("char".equals(logical)) s.bounded = false;
      try (ColumnFileReader r = sd.openColumn(column, maxValueBytes)) {
        List<BlockStats> blocks = r.blockStats();
        for (int i = 0; i < blocks.size(); i++) {
          BlockStats b = blocks.get(i);
          s.nulls += b.nulls;
          if (b.min == null) {
            // A block of only NULLs has no bounds and needs none; any other block without them is unknown.
            long end = i + 1 < blocks.size() ? r.blockFirstRow(i + 1) : r.rowCount();
            if (b.nulls != end - r.blockFirstRow(i)) s.bounded = false;
            continue;
          }
          if (s.min == null || b.min.compareTo(s.min) < 0) s.min = b.min;
          if (s.max == null || b.max.compareTo(s.max) > 0) s.max = b.max;
        }
      }
      return s;
    }

    TruthValue evaluate(PredicateLeaf leaf) {
      boolean hasNull = nulls > 0;
      if (leaf.getOperator() == PredicateLeaf.Operator.IS_NULL) {
        return !bounded ? TruthValue.YES_NO_NULL : hasNull ? TruthValue.YES_NO : TruthValue.NO;
      }
      if (nulls == rows) return TruthValue.NULL; // every comparison with NULL is NULL
      if (!bounded || min == null) return TruthValue.YES_NO_NULL;
      TruthValue no = hasNull ? TruthValue.NO_NULL : TruthValue.NO;
      switch (leaf.getOperator()) {
        case EQUALS: case NULL_SAFE_EQUALS: {
          Integer lo = compareToMin(leaf.getLiteral());
          Integer hi = compareToMax(leaf.getLiteral());
          return lo == null || hi == null ? TruthValue.YES_NO_NULL : lo < 0 || hi > 0 ? no : TruthValue.YES_NO_NULL;
        }
        case LESS_THAN: {
          Integer c = compareToMin(leaf.getLiteral()); // every value >= literal: none below it
          return c != null && c <= 0 ? no : TruthValue.YES_NO_NULL;
        }
        case LESS_THAN_EQUALS: {
          Integer c = compareToMin(leaf.getLiteral());
          return c != null && c < 0 ? no : TruthValue.YES_NO_NULL;
        }
        case IN: {
          for (Object lit : leaf.getLiteralList()) {
            Integer lo = compareToMin(lit);
            Integer hi = compareToMax(lit);
            if (lo == null || hi == null || lo >= 0 && hi <= 0) return TruthValue.YES_NO_NULL;
          }
          return no;
        }
        case BETWEEN: {
          List<Object> b = leaf.getLiteralList();
          Integer hiVsMin = compareToMin(b.get(1));
          Integer loVsMax = compareToMax(b.get(0));
          return hiVsMin != null && hiVsMin < 0 || loVsMax != null && loVsMax > 0 ? no : TruthValue.YES_NO_NULL;
        }
        default:
          return TruthValue.YES_NO_NULL;
      }
    }

    private Integer compareToMin(Object literal) { return compare(literal, min); }
    private Integer compareToMax(Object literal) { return compare(literal, max); }

    /** literal compared with a statistics value, or null when they are not comparable here. */
    private static Integer compare(Object literal, Object stat) {
      if (literal == null) return null;
      if (stat instanceof Integer || stat instanceof Long) {
        return literal instanceof Long || literal instanceof Integer
            ? Long.compare(((Number) literal).longValue(), ((Number) stat).longValue()) : null;
      }
      // Only doubles: a float's statistics widened to double need not equal Hive's double literal.
      if (stat instanceof Double) {
        return literal instanceof Double
            ? Double.compare(((Number) literal).doubleValue(), ((Number) stat).doubleValue()) : null;
      }
      if (stat instanceof Utf8) return literal instanceof String ? new Utf8((String) literal).compareTo((Utf8) stat) : null;
      return null;
    }
  }
}
