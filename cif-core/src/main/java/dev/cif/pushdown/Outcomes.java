package dev.cif.pushdown;

/**
 * The truth values a predicate may take on the rows of a run: a subset of SQL's true, false and null.
 * A run is read when true is among them. It is a set, not one "maybe", because NOT needs to know
 * whether false is possible: {@code NOT (k = 10)} may skip a block only where every k is 10, and
 * {@code NOT (k < 5)} must keep a block of nulls out (NOT null is null, not true).
 */
public final class Outcomes {
  private static final int TRUE = 1;
  private static final int FALSE = 2;
  private static final int NULL = 4;
  private static final Outcomes[] SETS = new Outcomes[8];

  static {
    for (int i = 0; i < SETS.length; i++) SETS[i] = new Outcomes(i);
  }

  /** Anything may happen: what every predicate the statistics cannot judge yields. */
  public static final Outcomes ANY = SETS[TRUE | FALSE | NULL];
  /** Only null: a comparison over rows that are all null. */
  public static final Outcomes ONLY_NULL = SETS[NULL];

  private final int bits;

  private Outcomes(int bits) { this.bits = bits; }

  static Outcomes of(boolean mayBeTrue, boolean mayBeFalse, boolean mayBeNull) {
    return SETS[(mayBeTrue ? TRUE : 0) | (mayBeFalse ? FALSE : 0) | (mayBeNull ? NULL : 0)];
  }

  public boolean mayBeTrue() { return (bits & TRUE) != 0; }
  public boolean mayBeFalse() { return (bits & FALSE) != 0; }
  public boolean mayBeNull() { return (bits & NULL) != 0; }

  Outcomes not() { return of(mayBeFalse(), mayBeTrue(), mayBeNull()); }

  /** Kleene's AND of any value of this set with any value of the other. */
  Outcomes and(Outcomes o) {
    return of(mayBeTrue() && o.mayBeTrue(), mayBeFalse() || o.mayBeFalse(),
        mayBeNull() && (o.mayBeNull() || o.mayBeTrue()) || mayBeTrue() && o.mayBeNull());
  }

  /** Kleene's OR of any value of this set with any value of the other. */
  Outcomes or(Outcomes o) { return not().and(o.not()).not(); }

  @Override
  public String toString() {
    return (mayBeTrue() ? "T" : "") + (mayBeFalse() ? "F" : "") + (mayBeNull() ? "N" : "") + (bits == 0 ? "{}" : "");
  }
}
