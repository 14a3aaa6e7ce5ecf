package dev.cif.bench.harness;

import java.util.List;

/**
 * Formats that live outside this module (e.g. the peer formats of {@code cif-bench-peers}, whose
 * dependencies must stay off cif-bench's classpath). Listed in
 * {@code META-INF/services/dev.cif.bench.harness.FormatProvider}; {@link dev.cif.bench.mr.Formats#all()}
 * appends them after the SEQ and CIF formats.
 */
public interface FormatProvider {

  List<FormatUnderTest> formats();
}
