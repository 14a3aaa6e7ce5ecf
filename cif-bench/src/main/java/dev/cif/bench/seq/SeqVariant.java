package dev.cif.bench.seq;

import org.apache.hadoop.io.SequenceFile.CompressionType;

/** The four SequenceFile layouts of paper Table 1. */
public enum SeqVariant {
  /** No compression. */
  UNCOMP("seq-uncomp", CompressionType.NONE, false),
  /** Each value compressed on its own with zlib (DefaultCodec). */
  RECORD("seq-record", CompressionType.RECORD, false),
  /** Runs of keys and values compressed together with zlib (DefaultCodec). */
  BLOCK("seq-block", CompressionType.BLOCK, false),
  /** Uncompressed file; the application deflates its blob columns itself (see BytesFieldDeflater). */
  CUSTOM("seq-custom", CompressionType.NONE, true);

  private final String formatName;
  private final CompressionType compression;
  private final boolean applicationDeflatesBlobs;

  SeqVariant(String formatName, CompressionType compression, boolean applicationDeflatesBlobs) {
    this.formatName = formatName;
    this.compression = compression;
    this.applicationDeflatesBlobs = applicationDeflatesBlobs;
  }

  public String formatName() {
    return formatName;
  }

  public CompressionType compression() {
    return compression;
  }

  public boolean applicationDeflatesBlobs() {
    return applicationDeflatesBlobs;
  }

  public static SeqVariant byFormatName(String name) {
    for (SeqVariant v : values()) {
      if (v.formatName.equals(name)) {
        return v;
      }
    }
    throw new IllegalArgumentException("no SEQ variant named " + name);
  }
}
