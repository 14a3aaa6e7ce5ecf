package dev.cif.data.ssb;

import static dev.cif.data.ssb.SsbVocabulary.*;

import dev.cif.data.TableGenerator;
import dev.cif.testing.rows.RowRandom;
import java.io.IOException;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Star Schema Benchmark data after the SSB specification (O'Neil et al.): lineorder, customer,
 * supplier, part and dates (the date dimension; Hive reserves {@code date}). Every row is a function
 * of (seed, table, row number), so output is the same for any number of parts or threads.
 *
 * <p>Sizes at scale factor SF: customer 30,000×SF, supplier 2,000×SF, part 200,000×⌊1+log₂SF⌋ (for
 * SF &lt; 1: 200,000×SF), orders 1,500,000×SF with 1–7 lineorder rows each (4×orders on average),
 * dates 1992-01-01..1998-12-31 (2,557 days). Prices are integer cents.
 */
public final class SsbData {
  static final LocalDate FIRST_DAY = LocalDate.of(1992, 1, 1);
  static final LocalDate LAST_DAY = LocalDate.of(1998, 12, 31);
  /** Orders are placed up to 151 days before the last day, as in TPC-H. */
  static final LocalDate LAST_ORDER_DAY = LocalDate.of(1998, 8, 2);

  final double sf;
  final long seed;

  public SsbData(double sf, long seed) {
    this.sf = sf;
    this.seed = seed;
  }

  public List<TableGenerator> tables() {
    return List.of(
        new Dimension("customer", customers(), 1, this::customer),
        new Dimension("supplier", suppliers(), 2, this::supplier),
        new Dimension("part", parts(), 3, this::part),
        new Dimension("dates", ChronoUnit.DAYS.between(FIRST_DAY, LAST_DAY) + 1, 4, (r, row) -> SsbDate.line(FIRST_DAY.plusDays(row))),
        new Lineorder());
  }

  long customers() { return Math.max(1, Math.round(30_000 * sf)); }

  long suppliers() { return Math.max(1, Math.round(2_000 * sf)); }

  long parts() {
    return sf >= 1 ? 200_000L * (long) Math.floor(1 + Math.log(sf) / Math.log(2)) : Math.max(1, Math.round(200_000 * sf));
  }

  long orders() { return Math.max(1, Math.round(1_500_000 * sf)); }

  /**
   * The random stream of one generated row: a function of (seed, table, row) only, so a row's values do not
   * depend on which part or thread writes it. (Drawn with cif-testkit's RowRandom helpers; the seeding is
   * SSB's own, which the published results were generated with.)
   */
  private SplittableRandom rowRandom(int table, long row) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + table * 0xC2B2AE3D27D4EB4FL + row);
  }

  /** Retail price of part {@code p} in cents (TPC-H's formula). */
  static long retailPrice(long p) {
    return 90_000 + (p / 10) % 20_001 + 100 * (p % 1_000);
  }

  private String customer(SplittableRandom r, long row) {
    long key = row + 1;
    int nation = RowRandom.between(r, 0, NATIONS.length - 1);
    return String.join("|", Long.toString(key), String.format("Customer#%09d", key), text(r, 10, 40),
        city(NATIONS[nation], RowRandom.between(r, 0, 9)), NATIONS[nation], REGIONS[NATION_REGION[nation]], phone(nation, r),
        RowRandom.pick(r, SEGMENTS));
  }

  private String supplier(SplittableRandom r, long row) {
    long key = row + 1;
    int nation = RowRandom.between(r, 0, NATIONS.length - 1);
    return String.join("|", Long.toString(key), String.format("Supplier#%09d", key), text(r, 10, 40),
        city(NATIONS[nation], RowRandom.between(r, 0, 9)), NATIONS[nation], REGIONS[NATION_REGION[nation]], phone(nation, r));
  }

  private String part(SplittableRandom r, long row) {
    long key = row + 1;
    int mfgr = RowRandom.between(r, 1, 5);
    int category = RowRandom.between(r, 1, 5);
    int brand = RowRandom.between(r, 1, 40);
    String color = RowRandom.pick(r, COLORS);
    String other = RowRandom.pick(r, COLORS);
    return String.join("|", Long.toString(key), color + " " + other, "MFGR#" + mfgr, "MFGR#" + mfgr + category,
        "MFGR#" + mfgr + category + brand, color, RowRandom.pick(r, TYPE_1) + " " + RowRandom.pick(r, TYPE_2) + " " + RowRandom.pick(r, TYPE_3),
        Integer.toString(RowRandom.between(r, 1, 50)), RowRandom.pick(r, CONTAINER_1) + " " + RowRandom.pick(r, CONTAINER_2));
  }

  /** Row {@code row} of a dimension table. */
  private interface RowMaker {
    String make(SplittableRandom r, long row);
  }

  private final class Dimension implements TableGenerator {
    private final String name;
    private final long rows;
    private final int id;
    private final RowMaker maker;

    Dimension(String name, long rows, int id, RowMaker maker) {
      this.name = name;
      this.rows = rows;
      this.id = id;
      this.maker = maker;
    }

    @Override public String table() { return name; }

    @Override public long expectedRows() { return rows; }

    @Override
    public void writePart(int part, int parts, LineSink out) throws IOException {
      for (long row = rows * part / parts; row < rows * (part + 1) / parts; row++) {
        out.line(maker.make(rowRandom(id, row), row));
      }
    }
  }

  /** lineorder: one order (1–7 lines sharing key, customer, dates' order day and total price) per unit. */
  private final class Lineorder implements TableGenerator {
    private final long orders = orders();
    private final int orderDays = (int) ChronoUnit.DAYS.between(FIRST_DAY, LAST_ORDER_DAY);

    @Override public String table() { return "lineorder"; }

    @Override public long expectedRows() { return 4 * orders; }

    @Override
    public void writePart(int part, int parts, LineSink out) throws IOException {
      long[][] lines = new long[7][];
      for (long order = orders * part / parts; order < orders * (part + 1) / parts; order++) {
        SplittableRandom r = rowRandom(5, order);
        long key = order + 1;
        long customer = r.nextLong(1L, customers() + 1);
        LocalDate orderDay = FIRST_DAY.plusDays(RowRandom.between(r, 0, orderDays));
        String priority = RowRandom.pick(r, PRIORITIES);
        int count = RowRandom.between(r, 1, 7);
        long total = 0;
        for (int i = 0; i < count; i++) {
          long partKey = r.nextLong(1L, parts() + 1);
          long supplier = r.nextLong(1L, suppliers() + 1);
          int quantity = RowRandom.between(r, 1, 50);
          int discount = RowRandom.between(r, 0, 10);
          int tax = RowRandom.between(r, 0, 8);
          long extended = quantity * retailPrice(partKey);
          total += extended * (100 - discount) / 100 * (100 + tax) / 100;
          lines[i] = new long[] {partKey, supplier, quantity, discount, tax, extended, RowRandom.between(r, 30, 90), RowRandom.between(r, 0, SHIP_MODES.length - 1)};
        }
        for (int i = 0; i < count; i++) {
          long[] l = lines[i];
          long extended = l[5];
          out.line(String.join("|", Long.toString(key), Integer.toString(i + 1), Long.toString(customer),
              Long.toString(l[0]), Long.toString(l[1]), SsbDate.key(orderDay), priority, "0", Long.toString(l[2]),
              Long.toString(extended), Long.toString(total), Long.toString(l[3]),
              Long.toString(extended * (100 - l[3]) / 100), Long.toString(6 * retailPrice(l[0]) / 10),
              Long.toString(l[4]), SsbDate.key(orderDay.plusDays(l[6])), SHIP_MODES[(int) l[7]]));
        }
      }
    }
  }
}
