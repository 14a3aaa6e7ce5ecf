package dev.cif.impl.layout.skiplist;

import dev.cif.impl.io.ByteSink;

/**
 * The writer's side of a codec whose encoding depends on per-block state written at the start of the
 * block (a preamble), such as a dictionary of the block's values. {@link SkipListWriter} calls these
 * hooks; {@link BlockScopedReader} is the reader's side.
 */
public interface BlockScopedWriter {
  /** Forget the previous block's state (but keep what decides the next block's mode). */
  void beginBlock();

  /** The state the block's values refer to, written before the first skip entry. */
  void writePreamble(ByteSink out);

  /** The size the preamble would have now, counted toward the block size. */
  int preambleBytes();

  /**
   * The value just written was refused (it was too large) and its bytes dropped; forget what
   * writing it added to the block's state, so the preamble holds nothing no value refers to.
   */
  default void undoLastWrite() {}

  /**
   * Whether the value just written was already among this block's values (a DICT block's table held it):
   * such a repeat cannot move the block's bounds, so the column writer need not compare it with them.
   */
  default boolean lastWriteRepeated() { return false; }

  /**
   * Whether the values live in the preamble and take no bytes of their own (PACKED): then a value's growth of
   * the block is no value size to hold against cif.max.value.bytes. One value can regrow a whole run (a
   * wider bit width) or block (a PACKED double block going raw) by far more than it holds; the block stays
   * bounded by cif.block.bytes and its 65,536 rows.
   */
  default boolean valuesInPreamble() { return false; }
}
