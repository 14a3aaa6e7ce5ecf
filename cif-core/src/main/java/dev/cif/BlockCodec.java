package dev.cif;

import java.util.Locale;

/**
 * The block codecs a column can be written with (setting cif.codec, {@link WriteOptions#codec}). The
 * id is stored in every block header (docs/FORMAT.md §8). The codecs themselves are internal
 * (dev.cif.impl.compress): pure-Java implementations only, so no native library is ever needed.
 */
public enum BlockCodec {
  NONE(0), ZLIB(1), LZO(2), LZ4(3), SNAPPY(4), ZSTD(5);

  public final int id;

  BlockCodec(int id) { this.id = id; }

  public static BlockCodec byId(int id) {
    for (BlockCodec c : values()) if (c.id == id) return c;
    return null;
  }

  public static BlockCodec byName(String name) {
    return valueOf(name.trim().toUpperCase(Locale.ROOT));
  }
}
