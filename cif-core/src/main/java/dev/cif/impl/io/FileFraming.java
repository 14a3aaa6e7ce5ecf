package dev.cif.impl.io;

import dev.cif.CifFormatException;
import dev.cif.WriterVersion;
import dev.cif.WrittenBy;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * The frame every CIF file shares (docs/FORMAT.md §3):
 * <pre>
 * File   := Header Body Footer Tail
 * Header := Magic Version:u8 Kind:u8 MetaLength:u32 Meta Crc32c:u32     (CRC over Magic..Meta)
 * Meta   := Count:uvarint (Key:string Value:string){Count}
 * Tail   := FooterLength:u32 FooterCrc32c:u32 Magic
 * Magic  := 'C' 'I' 'F' 0x00
 * </pre>
 * Integers here are big-endian. A reader checks the magic at both ends, the version, both CRCs, and
 * every length against the file size before it allocates anything.
 */
public final class FileFraming {
  public static final byte[] MAGIC = {'C', 'I', 'F', 0};
  public static final int KIND_COLUMN = 1;
  public static final int KIND_SCHEMA = 2;
  public static final int TAIL_BYTES = 12;
  /** A header or footer larger than this is treated as corrupt (a schema of 10,000 columns fits easily). */
  public static final int MAX_META_BYTES = 64 << 20;

  /** The writer this code is, as a reader of its files sees it. */
  public static final WrittenBy CURRENT_WRITER;

  static {
    try {
      CURRENT_WRITER = CurrentWriter.parse(CurrentWriter.VALUE, FormatVersion.CURRENT, "this writer");
    } catch (CifFormatException e) {
      throw new IllegalStateException(e);
    }
  }

  private FileFraming() {}

  /** The decoded header: kind and metadata, and where the body starts. */
  public static final class Header {
    public final FormatVersion version;
    public final int kind;
    public final Map<String, String> meta;
    public final int length;

    Header(FormatVersion version, int kind, Map<String, String> meta, int length) {
      this.version = version;
      this.kind = kind;
      this.meta = meta;
      this.length = length;
    }

    public String require(HeaderKey key, String file) throws CifFormatException {
      String v = meta.get(key.key);
      if (v == null) throw new CifFormatException(file, get(HeaderKey.COLUMN), 0, "header lacks " + key.key);
      return v;
    }

    /** The value of key, or null if the header lacks it. */
    public String get(HeaderKey key) { return meta.get(key.key); }

    /** The writer that made the file; files written before writers recorded it read as {@link WriterVersion#ORIGINAL}. */
    public WrittenBy writtenBy(String file) throws CifFormatException {
      return CurrentWriter.parse(get(HeaderKey.WRITER_VERSION), version, file);
    }
  }

  /** A header of the current version; its Meta is meta followed by this writer's version (§3.1). */
  public static byte[] header(int kind, Map<String, String> meta) { return header(kind, meta, FormatVersion.CURRENT, CurrentWriter.VALUE); }

  /**
   * A header of the given version whose Meta is meta followed by the given writer-version value: what an
   * earlier writer wrote, for tests that rebuild the frozen files of older versions.
   */
  public static byte[] header(int kind, Map<String, String> meta, FormatVersion version, String writerVersion) {
    Map<String, String> all = new LinkedHashMap<>(meta);
    all.put(HeaderKey.WRITER_VERSION.key, writerVersion);
    ByteSink m = new ByteSink(256);
    m.writeUVarInt(all.size());
    for (Map.Entry<String, String> e : all.entrySet()) {
      m.writeString(e.getKey());
      m.writeString(e.getValue());
    }
    ByteSink h = new ByteSink(m.size() + 16);
    h.writeBytes(MAGIC, 0, 4);
    h.writeByte(version.id);
    h.writeByte(kind);
    h.writeIntBE(m.size());
    h.writeBytes(m.array(), 0, m.size());
    h.writeIntBE(crc(h.array(), 0, h.size()));
    return h.toByteArray();
  }

  /** Parses a header from the first bytes of a file; prefix must hold at least 10 bytes. */
  public static int headerLength(byte[] prefix, String file, long fileLength) throws CifFormatException {
    if (fileLength < 10 + 4 + TAIL_BYTES) throw new CifFormatException(file, null, 0, "file of " + fileLength + " bytes is too short to be CIF");
    for (int i = 0; i < 4; i++) {
      if (prefix[i] != MAGIC[i]) throw new CifFormatException(file, null, 0, "not a CIF file (bad magic)");
    }
    version(prefix[4], file);
    long metaLen = new ByteSource(prefix, 6, 4).readIntBE() & 0xFFFFFFFFL;
    if (metaLen > MAX_META_BYTES || 10 + metaLen + 4 + TAIL_BYTES > fileLength) {
      throw new CifFormatException(file, null, 6, "header length " + metaLen + " impossible in a file of " + fileLength + " bytes");
    }
    return (int) (10 + metaLen + 4);
  }

  private static FormatVersion version(byte id, String file) throws CifFormatException {
    FormatVersion v = FormatVersion.byId(id);
    if (v == null) {
      throw new CifFormatException(file, null, 4, "unsupported format version " + id + " (this reader reads "
          + FormatVersion.START.id + " to " + FormatVersion.CURRENT.id + ")");
    }
    return v;
  }

  public static Header parseHeader(byte[] h, String file) throws CifFormatException {
    int len = h.length;
    int stored = new ByteSource(h, len - 4, 4).readIntBE();
    if (stored != crc(h, 0, len - 4)) throw new CifFormatException(file, null, 0, "header checksum mismatch");
    ByteSource in = new ByteSource(h, 10, len - 14).describe(file, null, 10);
    try {
      int n = in.readCount(2);
      Map<String, String> meta = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) meta.put(in.readString(), in.readString());
      return new Header(version(h[4], file), h[5], meta, len);
    } catch (CifCorruptionError e) {
      throw e.getCause();
    }
  }

  public static void writeTail(OutputStream out, byte[] footer) throws IOException {
    ByteSink t = new ByteSink(TAIL_BYTES);
    t.writeIntBE(footer.length);
    t.writeIntBE(crc(footer, 0, footer.length));
    t.writeBytes(MAGIC, 0, 4);
    out.write(footer);
    t.writeTo(out);
  }

  /** Returns the footer length after checking the tail's magic and the length's plausibility. */
  public static int footerLength(byte[] tail, String file, long fileLength, int headerLength) throws CifFormatException {
    for (int i = 0; i < 4; i++) {
      if (tail[8 + i] != MAGIC[i]) {
        throw new CifFormatException(file, null, fileLength - 4, "no CIF tail: file truncated or not finished");
      }
    }
    long len = new ByteSource(tail, 0, 4).readIntBE() & 0xFFFFFFFFL;
    if (len > fileLength - TAIL_BYTES - headerLength) {
      throw new CifFormatException(file, null, fileLength - TAIL_BYTES, "footer length " + len + " exceeds the file");
    }
    return (int) len;
  }

  public static void checkFooter(byte[] footer, byte[] tail, String file, long offset) throws CifFormatException {
    int stored = new ByteSource(tail, 4, 4).readIntBE();
    if (stored != crc(footer, 0, footer.length)) throw new CifFormatException(file, null, offset, "footer checksum mismatch");
  }

  public static int crc(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }
}
