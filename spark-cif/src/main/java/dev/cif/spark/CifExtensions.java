package dev.cif.spark;

import org.apache.spark.sql.SparkSessionExtensions;
import scala.runtime.BoxedUnit;

/**
 * What {@code spark.sql.extensions=dev.cif.spark.CifExtensions} adds to a session: the optimizer rule
 * that pushes map keys into CIF scans ({@link PushMapKeys}).
 */
public final class CifExtensions implements scala.Function1<SparkSessionExtensions, BoxedUnit> {
  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectOptimizerRule(session -> new PushMapKeys());
    return BoxedUnit.UNIT;
  }
}
