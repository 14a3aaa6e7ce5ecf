package dev.cif.bench.data;

import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.rows.RowGenerator;

/** Builds a generator of the same kind and shape with another seed. */
final class GeneratorsForTest {

  private GeneratorsForTest() {}

  static RowGenerator sameKind(RowGenerator generator, long seed) {
    if (generator instanceof SyntheticData) {
      return new SyntheticData(seed);
    }
    if (generator instanceof CrawlData) {
      return new CrawlData(seed);
    }
    if (generator instanceof WideStringData wide) {
      return new WideStringData(seed, wide.columns());
    }
    throw new IllegalArgumentException(generator.getClass().getName());
  }
}
