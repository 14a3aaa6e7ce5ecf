package dev.cif.bench.peers;

import dev.cif.bench.harness.FormatProvider;
import dev.cif.bench.harness.FormatUnderTest;
import java.util.ArrayList;
import java.util.List;

/** The formats CIF is compared with, registered with cif-bench's format list through the service file. */
public final class PeerFormats implements FormatProvider {

  @Override
  public List<FormatUnderTest> formats() {
    List<FormatUnderTest> formats = new ArrayList<>();
    formats.addAll(OrcFormat.variants());
    formats.addAll(ParquetFormat.variants());
    formats.addAll(RcFileFormat.variants());
    formats.addAll(AvroFileFormat.variants());
    formats.add(new JsonTextFormat());
    return formats;
  }
}
