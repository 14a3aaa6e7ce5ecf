package dev.cif.bench.mr;

import dev.cif.bench.cif.CifFormat;
import dev.cif.bench.harness.FormatProvider;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.seq.SeqVariant;
import dev.cif.bench.seq.SequenceFileFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The one list of formats the benchmarks know. To benchmark a new format, add it to {@link #all()}; every
 * {@code run} command then loads, times and answer-checks it next to the others. Formats of other modules
 * register through {@link FormatProvider}.
 */
public final class Formats {

  private Formats() {}

  /** Every registered format, the reference format (whose answers the others must match) first. */
  public static List<FormatUnderTest> all() {
    List<FormatUnderTest> formats = new ArrayList<>();
    for (SeqVariant variant : SeqVariant.values()) {
      formats.add(new SequenceFileFormat(variant));
    }
    formats.addAll(CifFormat.variants());
    // Peer formats (ORC, Parquet, ...) come from cif-bench-peers when it is on the classpath.
    for (FormatProvider provider : ServiceLoader.load(FormatProvider.class)) {
      formats.addAll(provider.formats());
    }
    return formats;
  }

  /** The registered formats with the given names, in the given order. */
  public static List<FormatUnderTest> named(List<String> names) {
    List<FormatUnderTest> chosen = new ArrayList<>();
    for (String name : names) {
      chosen.add(all().stream().filter(f -> f.name().equals(name)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException(
              "unknown format " + name + "; registered: " + Arrays.toString(names().toArray()))));
    }
    return chosen;
  }

  public static List<String> names() {
    return all().stream().map(FormatUnderTest::name).toList();
  }
}
