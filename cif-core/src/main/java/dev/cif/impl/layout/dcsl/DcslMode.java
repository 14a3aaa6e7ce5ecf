package dev.cif.impl.layout.dcsl;


/**
 * How one DCSL block holds its maps: the block's first byte (docs/FORMAT.md §6.3). The writer picks
 * each block's mode before its first map, from how the block before it repeated its keys and values.
 */
enum DcslMode {
  /** Maps hold key ids into the block's key dictionary, then their values. */
  DICTIONARY(0),
  /** Maps hold their keys and values inline: the block before's keys did not repeat. */
  INLINE(1),
  /**
   * Maps hold key ids and, for string or bytes values, ids into the block's value dictionary.
   * Written since format version 4; read in any file with mode bytes, since an intermediate writer
   * put it into version-3 files. A reader that predates it refuses the block ("unknown DCSL block mode 2").
   */
  VALUE_DICTIONARY(2),
  /** Maps hold key ids alone; each key's values lie in a side segment of their own after the block's head (format version 6). */
  KEY_STREAMS(3);

  /** The mode byte. */
  final int id;

  DcslMode(int id) { this.id = id; }

  /** The mode of byte id, or null for a byte this reader does not know. */
  static DcslMode byId(int id) {
    for (DcslMode m : values()) if (m.id == id) return m;
    return null;
  }
}
