package dev.cif.impl.layout.skiplist;

import dev.cif.impl.io.ByteSource;

/** The reader's side of a {@link BlockScopedWriter}'s codec: {@link SkipListReader} calls these hooks. */
public interface BlockScopedReader {
  /** Load the state written by {@link BlockScopedWriter#writePreamble}. */
  void readPreamble(ByteSource in);

  /** As {@link #readPreamble(ByteSource)}, for codecs whose preamble depends on the block's row count. */
  default void readPreamble(ByteSource in, int rows) { readPreamble(in); }

  /** The next value read is the block's row'th (0-based); for codecs whose values are not all in the row. */
  default void atRow(int row) {}
}
