package dev.cif.impl.io;

import dev.cif.CifFormatException;
import java.io.UncheckedIOException;

/**
 * Carries a {@link CifFormatException} out of the decoding hot path, where checked exceptions would
 * force every small decoder to declare IOException. Readers unwrap it at their public boundary.
 */
public final class CifCorruptionError extends UncheckedIOException {
  public CifCorruptionError(CifFormatException cause) { super(cause.getMessage(), cause); }

  @Override
  public synchronized CifFormatException getCause() { return (CifFormatException) super.getCause(); }
}
