package dev.cif.column;

import dev.cif.io.ByteSink;
import dev.cif.io.ByteSource;

/**
 * A codec whose encoding depends on per-block state written at the start of the block, such as the
 * key dictionary of a dictionary-compressed skip list. The block builder and cursor call these hooks.
 */
public interface BlockScopedCodec {
  /** A block's mode byte for the dictionary layouts (DCSL, DICT): values refer to the block's dictionary... */
  int MODE_DICTIONARY = 0;
  /** ...or hold their keys/values inline, when the previous block's values did not repeat. */
  int MODE_INLINE = 1;
  /**
   * DCSL only: keys refer to the block's key dictionary and string or bytes values to its value
   * dictionary. Written since format version 4 (docs/FORMAT.md §6.3, §11); read in any version, since an
   * intermediate writer put it into version-3 files. Files with no such block read as before; a reader
   * that predates it refuses the block ("unknown DCSL block mode 2").
   */
  int MODE_VALUE_DICTIONARY = 2;
  /**
   * DCSL only: keys refer to the block's key dictionary and each key's values lie in a stream of its
   * own after the block's head (docs/FORMAT.md §6.3); format version 6 and later.
   */
  int MODE_KEY_STREAMS = 3;

  /** Writer: forget the previous block's state. */
  void beginBlock();

  /** Writer: the state the block's values refer to, written before the first skip entry. */
  void writePreamble(ByteSink out);

  /** Writer: the size the preamble would have now, counted toward the block size. */
  int preambleBytes();

  /**
   * Writer: the value just written was refused (it was too large) and its bytes dropped; forget
   * what writing it added to the block's state, so the preamble holds nothing no value refers to.
   */
  default void undoLastWrite() {}

  /** Reader: load the state written by {@link #writePreamble}. */
  void readPreamble(ByteSource in);

  /** Reader: as {@link #readPreamble(ByteSource)}, for codecs whose preamble depends on the block's row count. */
  default void readPreamble(ByteSource in, int rows) { readPreamble(in); }

  /** Reader: the next value read is the block's row'th (0-based); for codecs whose values are not all in the row. */
  default void atRow(int row) {}
}
