package dev.cif.hardening;

import dev.cif.CifFormatException;
import dev.cif.impl.io.FileFraming;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Damages one file of a split-directory. Two families:
 * <ul>
 *   <li><b>raw</b> damage (bit flips, truncation, overwritten length fields, shifted bytes, a file
 *       swapped in from another dataset) leaves CIF's CRCs as they are: the reader must return the
 *       original values or throw CifFormatException;
 *   <li><b>sealed</b> damage recomputes the CRC over what it changed, as a buggy writer or a hostile
 *       producer would, so the decoders themselves see wrong skip spans, lengths, dictionary ids,
 *       codec headers, footers and schema files. Values may then differ, but the reader must still
 *       fail only with CifFormatException, in bounded time and memory.
 * </ul>
 * File structure (header, blocks, footer, tail) is taken from the valid original, so mutations can
 * aim at fields instead of hitting them by chance.
 */
final class FileMutator {
  /** What was done, for the failure message. */
  static final class Mutation {
    final String file;
    final byte[] bytes;
    final boolean sealed;
    final String description;
    /** The damage is one the reader must detect: a column type that disagrees with the schema file. */
    final boolean mustFail;

    Mutation(String file, byte[] bytes, boolean sealed, String description) {
      this(file, bytes, sealed, description, false);
    }

    Mutation(String file, byte[] bytes, boolean sealed, String description, boolean mustFail) {
      this.file = file;
      this.bytes = bytes;
      this.sealed = sealed;
      this.description = description;
      this.mustFail = mustFail;
    }

    @Override public String toString() { return (sealed ? "sealed " : "raw ") + description + " of " + file; }
  }

  private static final int[] BYTES = {0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF};
  private static final long[] U32 = {0, 1, 2, 16, 17, 18, 255, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL};
  private static final long[] VARINTS = {0, 1, 2, 127, 128, 16383, 1 << 20, Integer.MAX_VALUE, 0xFFFF_FFFFL, 1L << 32, Long.MAX_VALUE, -1L};

  private final Choices c;

  FileMutator(Choices c) { this.c = c; }

  Mutation mutate(FuzzDatasets.Dataset ds, List<FuzzDatasets.Dataset> all) {
    List<String> names = new ArrayList<>(ds.files.keySet());
    String name = names.get(c.nextInt(names.size()));
    byte[] orig = ds.files.get(name);
    byte[] b = orig.clone();
    Layout l = new Layout(orig);
    switch (c.nextInt(12)) {
      case 0: {
        int pos = c.nextInt(b.length);
        int bit = c.nextInt(8);
        b[pos] ^= (byte) (1 << bit);
        return new Mutation(name, b, false, "flip bit " + bit + " at " + pos);
      }
      case 1: {
        int pos = c.nextInt(b.length);
        b[pos] = (byte) pick(BYTES);
        return new Mutation(name, b, false, "set byte " + pos + " to " + (b[pos] & 0xFF));
      }
      case 2: {
        int len = c.nextInt(b.length);
        return new Mutation(name, Arrays.copyOf(b, len), false, "truncate to " + len);
      }
      case 3: {
        int n = 1 + c.nextInt(64);
        byte[] out = Arrays.copyOf(b, b.length + n);
        for (int i = b.length; i < out.length; i++) out[i] = (byte) c.nextInt(256);
        return new Mutation(name, out, false, "append " + n + " bytes");
      }
      case 4: {
        int at = l.lengthField(c);
        long v = u32Value(b, at);
        putU32(b, at, v);
        return new Mutation(name, b, false, "u32 at " + at + " := " + v);
      }
      case 5: return shift(name, b);
      case 6: return swap(ds, all, name, names);
      case 7: return sealedBlockBytes(name, b, l);
      case 8: return sealedBlockHeader(name, b, l);
      case 9: return sealedFooter(name, b, l);
      case 10: return l.kind == FileFraming.KIND_COLUMN && c.nextInt(3) == 0 ? sealedHeaderType(name, b, l) : sealedHeaderBytes(name, b, l);
      default: return l.kind == FileFraming.KIND_SCHEMA ? sealedSchemaFile(name, b, l) : sealedBlockBytes(name, b, l);
    }
  }

  private int pick(int[] a) { return a[c.nextInt(a.length)]; }

  private long u32Value(byte[] b, int at) {
    int k = c.nextInt(U32.length + 3);
    long cur = ByteBuffer.wrap(b, at, 4).getInt() & 0xFFFF_FFFFL;
    if (k == U32.length) return (cur + 1) & 0xFFFF_FFFFL;
    if (k == U32.length + 1) return (cur - 1) & 0xFFFF_FFFFL;
    if (k == U32.length + 2) return b.length;
    return U32[k];
  }

  private Mutation shift(String name, byte[] b) {
    int from = c.nextInt(b.length);
    int n = 1 + c.nextInt(Math.min(32, b.length - from));
    if (c.nextInt(2) == 0) {
      byte[] out = new byte[b.length - n];
      System.arraycopy(b, 0, out, 0, from);
      System.arraycopy(b, from + n, out, from, b.length - from - n);
      return new Mutation(name, out, false, "delete " + n + " bytes at " + from);
    }
    byte[] out = new byte[b.length + n];
    System.arraycopy(b, 0, out, 0, from + n);
    System.arraycopy(b, from, out, from + n, b.length - from);
    return new Mutation(name, out, false, "duplicate " + n + " bytes at " + from);
  }

  /** Another file in its place: the same name from another dataset (same values), or another column. */
  private Mutation swap(FuzzDatasets.Dataset ds, List<FuzzDatasets.Dataset> all, String name, List<String> names) {
    if (c.nextInt(2) == 0) {
      FuzzDatasets.Dataset other = all.get(c.nextInt(all.size()));
      return new Mutation(name, other.files.get(name).clone(), false, "replace with the file of " + other.label);
    }
    String other = names.get(c.nextInt(names.size()));
    return new Mutation(name, ds.files.get(other).clone(), false, "replace with " + other);
  }

  private Mutation sealedBlockBytes(String name, byte[] b, Layout l) {
    if (l.blocks.isEmpty()) return sealedHeaderBytes(name, b, l);
    int k = c.nextInt(l.blocks.size());
    int start = l.blocks.get(k) + 17;
    int end = l.blockEnd(k);
    if (end <= start) return sealedBlockHeader(name, b, l);
    StringBuilder what = new StringBuilder("block " + k + ":");
    int edits = 1 + c.nextInt(3);
    for (int e = 0; e < edits; e++) {
      int pos = start + c.nextInt(end - start);
      switch (c.nextInt(3)) {
        case 0: b[pos] ^= (byte) (1 << c.nextInt(8)); what.append(" flip@").append(pos); break;
        case 1: b[pos] = (byte) pick(BYTES); what.append(" set@").append(pos); break;
        default: {
          // A varint written over whatever is there: a skip span, length, count, key id or branch.
          long v = VARINTS[c.nextInt(VARINTS.length)];
          int p = pos;
          while (p < end) {
            boolean more = (v & ~0x7FL) != 0;
            b[p++] = (byte) (more ? (v & 0x7F) | 0x80 : v);
            v >>>= 7;
            if (!more) break;
          }
          what.append(" varint@").append(pos);
        }
      }
    }
    l.sealBlock(b, k);
    return new Mutation(name, b, true, what.toString());
  }

  private Mutation sealedBlockHeader(String name, byte[] b, Layout l) {
    if (l.blocks.isEmpty()) return sealedHeaderBytes(name, b, l);
    int k = c.nextInt(l.blocks.size());
    int field = c.nextInt(4);
    int at = l.blocks.get(k) + (field == 3 ? 12 : field * 4);
    String what;
    if (field == 3) {
      b[at] = (byte) c.nextInt(8);
      what = "codec id " + b[at];
    } else {
      long v = u32Value(b, at);
      putU32(b, at, v);
      what = new String[] {"rows", "raw length", "stored length"}[field] + " " + v;
    }
    l.sealBlock(b, k);
    return new Mutation(name, b, true, "block " + k + " header " + what);
  }

  private Mutation sealedFooter(String name, byte[] b, Layout l) {
    if (l.footerLength == 0) return sealedHeaderBytes(name, b, l);
    int edits = 1 + c.nextInt(2);
    StringBuilder what = new StringBuilder("footer:");
    for (int e = 0; e < edits; e++) {
      int pos = l.footerStart + c.nextInt(l.footerLength);
      if (c.nextInt(2) == 0) b[pos] ^= (byte) (1 << c.nextInt(8));
      else b[pos] = (byte) pick(BYTES);
      what.append(" @").append(pos);
    }
    putU32(b, b.length - 8, FileFraming.crc(b, l.footerStart, l.footerLength) & 0xFFFF_FFFFL);
    return new Mutation(name, b, true, what.toString());
  }

  /** Bytes of the header metadata (names, the column's schema JSON, layout, codec, skip levels). */
  private Mutation sealedHeaderBytes(String name, byte[] b, Layout l) {
    int metaEnd = l.headerLength - 4;
    int pos = 10 + c.nextInt(Math.max(1, metaEnd - 10));
    if (pos < metaEnd) {
      if (c.nextInt(2) == 0) b[pos] ^= (byte) (1 << c.nextInt(8));
      else b[pos] = (byte) " ,:{}[]\"0129AZaz\\".charAt(c.nextInt(17));
    }
    putU32(b, metaEnd, FileFraming.crc(b, 0, metaEnd) & 0xFFFF_FFFFL);
    return new Mutation(name, b, true, "header byte " + pos + " := " + (b[pos] & 0xFF));
  }

  /**
   * Same-length swaps of a type name in a column header's schema JSON (padded with JSON whitespace,
   * so no offset moves): the column file is well formed and decodable, but of another type than the
   * schema file declares for it.
   */
  private static final String[][] TYPE_SWAPS = {
      {"\"long\"", "\"int\" "}, {"\"string\"", "\"bytes\" "}, {"\"double\"", "\"float\" "},
      {"\"boolean\"", "\"int\"    "}, {"\"null\"", "\"long\""}};

  private Mutation sealedHeaderType(String name, byte[] b, Layout l) {
    int metaEnd = l.headerLength - 4;
    String header = new String(b, 0, metaEnd, java.nio.charset.StandardCharsets.ISO_8859_1);
    List<String[]> present = new ArrayList<>();
    for (String[] swap : TYPE_SWAPS) if (header.contains(swap[0])) present.add(swap);
    if (present.isEmpty()) return sealedHeaderBytes(name, b, l);
    String[] swap = present.get(c.nextInt(present.size()));
    int at = header.indexOf(swap[0]);
    byte[] to = swap[1].getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    System.arraycopy(to, 0, b, at, to.length);
    putU32(b, metaEnd, FileFraming.crc(b, 0, metaEnd) & 0xFFFF_FFFFL);
    return new Mutation(name, b, true, "header type " + swap[0] + " := " + swap[1].trim() + " at " + at, true);
  }

  /** A well-framed schema file whose content is hostile: wrong schema, row count or file list. */
  private Mutation sealedSchemaFile(String name, byte[] b, Layout l) {
    Map<String, String> meta;
    try {
      meta = new LinkedHashMap<>(FileFraming.parseHeader(Arrays.copyOf(b, l.headerLength), name).meta);
    } catch (CifFormatException e) {
      throw new IllegalStateException("the original is valid", e);
    }
    String schema = meta.get("avro.schema");
    List<String> files = new ArrayList<>(Arrays.asList(meta.get("cif.files").split("/")));
    String what;
    switch (c.nextInt(12)) {
      case 0: schema = "\"string\""; what = "schema not a record"; break;
      case 1: schema = schema.replaceFirst("\"long\"", "\"string\""); what = "id typed string"; break;
      case 2: schema = schema.replaceFirst("\"int\"", "\"long\""); what = "map values typed long"; break;
      case 3: schema = schema.replaceFirst("\\[\"null\",\"string\"\\]", "[\"null\",\"F\"]"); what = "recursive column"; break;
      case 4: schema = "[".repeat(2000) + "]".repeat(2000); what = "JSON nested 2000 deep"; break;
      case 5: schema = schema.substring(0, c.nextInt(schema.length())); what = "schema cut"; break;
      case 6: schema = schema.replaceFirst("\"tags\"", "\"id\""); what = "duplicate field name"; break;
      case 7: schema = schema.replaceFirst("\"tags\"", "\"t/a g.s\""); what = "invalid field name"; break;
      case 8: {
        String[] rows = {"-1", "0", "1", "241", "99999999999999999999", "2147483648", "x", ""};
        meta.put("cif.rows", rows[c.nextInt(rows.length)]);
        what = "rows " + meta.get("cif.rows");
        break;
      }
      case 9: {
        int i = c.nextInt(files.size());
        int j = c.nextInt(files.size());
        String f = files.get(i);
        files.set(i, files.get(j));
        files.set(j, f);
        what = "files " + i + " and " + j + " swapped";
        break;
      }
      case 10: {
        String[] odd = {"", "..", "../p-00000/0000-id.cif", name, "0000-id.cif/x", "missing.cif"};
        int i = c.nextInt(files.size());
        files.set(i, odd[c.nextInt(odd.length)]);
        what = "file " + i + " named '" + files.get(i) + "'";
        break;
      }
      default: files.remove(files.size() - 1); what = "one file too few"; break;
    }
    boolean typeChanged = what.equals("id typed string") || what.equals("map values typed long");
    meta.put("avro.schema", schema);
    meta.put("cif.files", String.join("/", files));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      out.write(FileFraming.header(FileFraming.KIND_SCHEMA, meta));
      FileFraming.writeTail(out, new byte[0]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Mutation(name, out.toByteArray(), true, what, typeChanged);
  }

  static void putU32(byte[] b, int at, long v) { ByteBuffer.wrap(b, at, 4).putInt((int) v); }

  /** Where the fields of a valid CIF file are. */
  static final class Layout {
    final int kind;
    final int headerLength;
    final int footerLength;
    final int footerStart;
    final List<Integer> blocks = new ArrayList<>();

    Layout(byte[] b) {
      kind = b[5];
      headerLength = 10 + ByteBuffer.wrap(b, 6, 4).getInt() + 4;
      footerLength = ByteBuffer.wrap(b, b.length - 12, 4).getInt();
      footerStart = b.length - 12 - footerLength;
      // From the footer: a keyed DCSL block's side segments follow its head, beyond what StoredLength says.
      if (kind == FileFraming.KIND_COLUMN) {
        try {
          blocks.addAll(dev.cif.impl.column.BlockOffsets.of(b));
        } catch (Exception e) {
          throw new IllegalStateException("the original is not a valid column file", e);
        }
      }
    }

    int blockEnd(int k) { return k + 1 < blocks.size() ? blocks.get(k + 1) : footerStart; }

    /** One of the u32 length fields: header MetaLength, tail FooterLength, or a block's rows/raw/stored. */
    int lengthField(Choices c) {
      int k = c.nextInt(2 + 3 * blocks.size());
      if (k == 0) return 6;
      if (k == 1) return footerStart + footerLength;
      return blocks.get((k - 2) / 3) + 4 * ((k - 2) % 3);
    }

    /** Recomputes a block's CRC the way the reader checks it (header bytes, then the stored bytes). */
    void sealBlock(byte[] b, int k) {
      int at = blocks.get(k);
      int extent = blockEnd(k) - at - 17;
      long stored = ByteBuffer.wrap(b, at + 8, 4).getInt() & 0xFFFF_FFFFL;
      java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
      crc.update(b, at, 13);
      crc.update(b, at + 17, (int) Math.min(stored, extent));
      putU32(b, at + 13, crc.getValue());
    }
  }
}
