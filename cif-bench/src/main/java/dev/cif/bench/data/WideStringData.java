package dev.cif.bench.data;

import dev.cif.testing.rows.RowGenerator;
import dev.cif.testing.rows.RowRandom;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The datasets of paper Appendix B.5, Figure 11: N string columns {@code c0..c(N-1)}, each a random
 * readable-ASCII string of exactly {@value #STRING_LENGTH} characters. The paper used N = 20, 40, 80.
 */
public final class WideStringData implements RowGenerator {

  public static final int STRING_LENGTH = 30;
  public static final List<Integer> PAPER_WIDTHS = List.of(20, 40, 80);

  private final long seed;
  private final int columns;
  private final Schema schema;

  public WideStringData(long seed, int columns) {
    if (columns < 1) {
      throw new IllegalArgumentException("need at least one column, got " + columns);
    }
    this.seed = seed;
    this.columns = columns;
    this.schema = schemaOf(columns);
  }

  public static Schema schemaOf(int columns) {
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record("WideRecord" + columns).namespace("dev.cif.bench.data").fields();
    for (int i = 0; i < columns; i++) {
      fields = fields.requiredString(columnName(i));
    }
    return fields.endRecord();
  }

  public static String columnName(int i) {
    return "c" + i;
  }

  /** The first {@code count} column names, for projections such as "1 column" or "10% of columns". */
  public List<String> columnNames(int count) {
    return IntStream.range(0, Math.min(count, columns)).mapToObj(WideStringData::columnName).toList();
  }

  public int columns() {
    return columns;
  }

  @Override
  public String name() {
    return "wide" + columns;
  }

  @Override
  public long seed() {
    return seed;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public GenericRecord row(long index) {
    SplittableRandom random = RowRandom.forRow(seed, index, 0);
    GenericData.Record record = new GenericData.Record(schema);
    for (int i = 0; i < columns; i++) {
      record.put(i, RowRandom.readableAscii(random, STRING_LENGTH));
    }
    return record;
  }
}
