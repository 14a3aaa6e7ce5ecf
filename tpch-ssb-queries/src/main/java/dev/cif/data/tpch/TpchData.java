package dev.cif.data.tpch;

import dev.cif.data.TableGenerator;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.util.List;

/**
 * TPC-H data from {@code io.trino.tpch} (byte-identical to dbgen: lineitem has 6,001,215 rows at SF 1).
 * Table names are the specification's, which the DDL and queries use.
 */
public final class TpchData {
  private TpchData() {}

  /** The eight TPC-H tables at scale factor {@code sf}. */
  public static List<TableGenerator> tables(double sf) {
    return TpchTable.getTables().stream().map(t -> (TableGenerator) new Table(t, sf)).toList();
  }

  /** Base cardinality at SF 1 (lineitem: dbgen's count; it varies with the lines drawn per order). */
  static long rowsAt(String table, double sf) {
    return switch (table) {
      case "region" -> 5;
      case "nation" -> 25;
      case "supplier" -> (long) (10_000 * sf);
      case "customer" -> (long) (150_000 * sf);
      case "part" -> (long) (200_000 * sf);
      case "partsupp" -> (long) (800_000 * sf);
      case "orders" -> (long) (1_500_000 * sf);
      case "lineitem" -> (long) (6_001_215 * sf);
      default -> throw new IllegalArgumentException(table);
    };
  }

  private record Table(TpchTable<?> source, double sf) implements TableGenerator {
    @Override public String table() { return source.getTableName(); }

    @Override public long expectedRows() { return rowsAt(table(), sf); }

    @Override
    public void writePart(int part, int parts, LineSink out) throws IOException {
      // io.trino.tpch numbers parts from 1; region and nation are not partitioned.
      boolean tiny = source == TpchTable.NATION || source == TpchTable.REGION;
      if (tiny && part > 0) return;
      for (TpchEntity e : source.createGenerator(sf, tiny ? 1 : part + 1, tiny ? 1 : parts)) out.line(e.toLine());
    }
  }
}
