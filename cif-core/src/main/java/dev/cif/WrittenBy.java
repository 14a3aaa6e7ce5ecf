package dev.cif;

/**
 * Which writer made a file, as its header records it: the project version of the CIF library
 * (null for files written before writers recorded it), the format version of the file, and the
 * {@link WriterVersion} that gates workarounds of old writers' bugs.
 */
public record WrittenBy(String projectVersion, int formatVersion, WriterVersion writerVersion) {
  /** For a file whose header lacks {@code cif.writer.version}: written before the writer version was recorded. */
  public static WrittenBy original(int formatVersion) { return new WrittenBy(null, formatVersion, WriterVersion.ORIGINAL); }

  /** As {@code bin/cif meta} prints it, e.g. "cif 0.1.0, format 6, writer RECORDED (1)". */
  @Override
  public String toString() {
    return (projectVersion == null ? "cif before writer versions" : "cif " + projectVersion) + ", format " + formatVersion
        + ", writer " + writerVersion + " (" + writerVersion.id + ")";
  }
}
