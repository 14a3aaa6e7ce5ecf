package dev.cif.impl.column;

import dev.cif.BlockCodec;
import dev.cif.ReadBytes;
import dev.cif.VectorTarget;
import dev.cif.impl.compress.CodecEngine;
import dev.cif.impl.io.BlockHeader;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.CifCorruptionError;
import dev.cif.CifFormatException;
import dev.cif.impl.io.FileFraming;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.layout.dcsl.BlockSides;
import dev.cif.impl.layout.dcsl.DcslReader;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.impl.layout.skiplist.SkipListReader;
import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;


/**
 * Reads one column file forward. The reader's {@link #position()} is the paper's per-column
 * {@code lastPos}: {@link #skipTo} only moves it, and nothing is read until {@link #next()} asks for
 * a value. Then the block holding that row is read, checked (CRC) and decompressed (lazy
 * decompression: a block no value is read from is never decompressed, nor even read), and the
 * cursor hops through the skip entries to the row. Of a keyed DCSL block only the head is read
 * then; its side segments are read when a value of their key is asked for ({@link BlockSides}).
 */
public final class ColumnFileReader implements dev.cif.ColumnReader {
  /**
   * The stream buffer asked for. Blocks are read whole, past any buffer; the small reads (header,
   * footer, a keyed block's header and its side segments) should not read ahead by
   * io.file.buffer.size (128 KiB in the paper's setup) into bytes no value was asked from.
   */
  static final int READ_BUFFER_BYTES = 4096;
  private final FSDataInputStream in;
  private final String file;
  private final ColumnSpec spec;
  /** The writer the file's header names: where a reader works around an old writer's bug (WriterVersion#includes). */
  private final dev.cif.WrittenBy writtenBy;
  private final ColumnFooter footer;
  private final long[] firstRows;
  private final long maxBlockBytes;
  private final ValueCodec codec;
  private final SkipListReader cursor;
  /** A DCSL column of format version 6 or later, whose blocks may have side segments; else null. */
  private final DcslReader keyedCodec;
  private final CodecEngine[] engines = new CodecEngine[8];
  private final ReadBytes bytesRead = new ReadBytes();
  private byte[] ioBuf = new byte[0];
  private byte[] rawBuf = new byte[0];
  private int block = -1;
  /** Set by the first batch read: from then on every block gets buffers of its own (see VectorTarget). */
  private boolean freshBuffers;
  private long cursorRow;
  private long position;
  /** Keys selected on a map column not stored as DCSL (its maps are decoded whole, then cut), else null. */
  private java.util.List<org.apache.avro.util.Utf8> plainSelected;
  /** The keys selected (selectMapKeys), or null. */
  private java.util.List<String> selectedKeys;
  /** readSelectedKeys's target and row, read by batchReader (one reader object, not one per row). */
  private dev.cif.SelectedKeysBatch batchOut;
  private int batchRow;
  private dev.cif.impl.layout.skiplist.SkipListReader.ValueReader batchReader;

  private ColumnFileReader(FSDataInputStream in, String file, ColumnSpec spec, dev.cif.WrittenBy writtenBy, ColumnFooter footer,
      long maxValueBytes) {
    this.writtenBy = writtenBy;
    this.in = in;
    this.file = file;
    this.spec = spec;
    this.footer = footer;
    this.maxBlockBytes = 2 * maxValueBytes + (1 << 20);
    this.codec = ColumnCodecs.forReading(spec);
    this.cursor = new SkipListReader(spec.schema, spec.skipLevels, codec);
    this.keyedCodec = codec instanceof DcslReader && spec.formatVersion.has(FormatVersion.DCSL_KEY_STREAMS) ? (DcslReader) codec : null;
    cursor.in.capEmptyItems(maxBlockBytes);
    firstRows = new long[footer.rows.size() + 1];
    for (int i = 0; i < footer.rows.size(); i++) firstRows[i + 1] = firstRows[i] + footer.rows.get(i);
  }

  /**
   * Opens a column file and reads its header and footer.
   *
   * @param length the file's length if the caller knows it (from a listing), else -1
   */
  public static ColumnFileReader open(FileSystem fs, Path path, long length, long maxValueBytes) throws IOException {
    String file = path.toString();
    FSDataInputStream in;
    try {
      if (length < 0) length = fs.getFileStatus(path).getLen();
      in = fs.open(path, READ_BUFFER_BYTES);
    } catch (FileNotFoundException e) {
      throw new CifFormatException(file, path.getName(), 0, "column file is missing", e);
    }
    try {
      byte[] prefix = new byte[10];
      in.readFully(0, prefix);
      int headerLen = FileFraming.headerLength(prefix, file, length);
      byte[] h = new byte[headerLen];
      in.readFully(0, h);
      FileFraming.Header header = FileFraming.parseHeader(h, file);
      if (header.kind != FileFraming.KIND_COLUMN) throw new CifFormatException(file, null, 5, "not a column file (kind " + header.kind + ")");
      ColumnSpec spec = ColumnSpec.fromHeader(header, file);
      dev.cif.WrittenBy writtenBy = header.writtenBy(file);
      byte[] tail = new byte[FileFraming.TAIL_BYTES];
      in.readFully(length - tail.length, tail);
      int footerLen = FileFraming.footerLength(tail, file, length, headerLen);
      long footerStart = length - tail.length - footerLen;
      byte[] f = new byte[footerLen];
      in.readFully(footerStart, f);
      FileFraming.checkFooter(f, tail, file, footerStart);
      ValueCodec statsCodec = BlockStats.statsType(spec.schema) == null ? null : ValueCodecs.forSchema(BlockStats.statsType(spec.schema));
      ColumnFooter footer;
      try {
        footer = ColumnFooter.decode(new ByteSource(f, 0, f.length).describe(file, spec.name, footerStart), statsCodec, headerLen, footerStart);
      } catch (CifCorruptionError e) {
        throw e.getCause();
      }
      return new ColumnFileReader(in, file, spec, writtenBy, footer, maxValueBytes);
    } catch (java.io.EOFException e) {
      in.close();
      throw new CifFormatException(file, path.getName(), length, "file is truncated", e);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  public ColumnSpec spec() { return spec; }
  @Override public String name() { return spec.name; }
  @Override public org.apache.avro.Schema type() { return spec.schema; }
  @Override public dev.cif.ColumnLayout layout() { return spec.layout; }
  @Override public dev.cif.BlockCodec codec() { return spec.codec; }

  /** Which writer made the file (docs/FORMAT.md §3.1). */
  public dev.cif.WrittenBy writtenBy() { return writtenBy; }
  public String file() { return file; }
  public long rowCount() { return footer.totalRows; }
  public int blockCount() { return footer.rows.size(); }
  public long blockFirstRow(int b) { return firstRows[b]; }
  public List<BlockStats> blockStats() { return Collections.unmodifiableList(footer.stats); }
  public List<Integer> blockRows() { return Collections.unmodifiableList(footer.rows); }
  public long dataBytes() { return footer.bodyEnd; }

  /** The block index, for {@link ColumnFileConcatenation}, which copies blocks without decoding them. */
  ColumnFooter footer() { return footer; }

  /** The open stream, for {@link ColumnFileConcatenation} (positioned reads only). */
  FSDataInputStream stream() { return in; }

  /** The bytes read from the file so far (blocks, and keyed blocks' value streams by key), header and footer aside. */
  public ReadBytes bytesRead() { return bytesRead; }

  /** The next row to be read (the paper's lastPos). */
  public long position() { return position; }

  /** Moves forward to row; reads nothing. */
  public void skipTo(long row) {
    if (row < position) throw new IllegalArgumentException("column " + spec.name + " cannot move back from row " + position + " to " + row);
    position = row;
  }

  /**
   * Of a map column, hands out from now on maps holding only these keys (a query that reads no
   * other key, dev.cif.pushdown.MapKeys). A DCSL column decodes no other key's value and of keyed
   * blocks reads no other key's stream; other layouts decode each map whole, then cut it.
   */
  public void selectMapKeys(java.util.Collection<String> keys) {
    org.apache.avro.Schema column = dev.cif.schema.CifSchemas.nonNull(spec.schema);
    if (column.getType() == org.apache.avro.Schema.Type.MAP
        && dev.cif.schema.CifSchemas.mapKeySchema(column).getType() != org.apache.avro.Schema.Type.STRING) {
      throw new IllegalArgumentException("column " + spec.name + " of " + file + " has keys of type "
          + dev.cif.schema.CifSchemas.mapKeySchema(column) + ": only keys of string maps can be selected");
    }
    selectedKeys = new java.util.ArrayList<>(keys);
    if (codec instanceof DcslReader) {
      ((DcslReader) codec).selectKeys(selectedKeys);
    } else if (column.getType() == org.apache.avro.Schema.Type.MAP) {
      plainSelected = new java.util.ArrayList<>();
      for (String k : keys) plainSelected.add(new org.apache.avro.util.Utf8(k));
    } else {
      throw new IllegalArgumentException("column " + spec.name + " of " + file + " is not a map: no keys to select");
    }
  }

  /** The keys {@link #selectMapKeys} selected, or null. */
  public java.util.List<String> selectedMapKeys() { return selectedKeys; }

  /**
   * Of a map column with selected keys: reads the n maps from {@link #position()} on into rows
   * [row, row + n) of out (made by {@link #selectedKeysBatch}) and moves past them, building no map
   * object per row; of keyed blocks only the selected keys' streams are read and the rows' key ids
   * are not decoded.
   */
  public void readSelectedKeys(dev.cif.SelectedKeysBatch out, int row, int n) throws IOException {
    if (selectedKeys == null) throw new IllegalStateException("column " + spec.name + " has no selected map keys");
    out.ensure(row + n);
    if (!(codec instanceof DcslReader)) {
      // Other layouts decode each map whole (next() cuts it to the selected keys).
      for (int r = row; r < row + n; r++) out.set(r, (java.util.Map<?, ?>) next());
      return;
    }
    DcslReader dcsl = (DcslReader) codec;
    batchOut = out;
    for (int r = row; r < row + n; r++) {
      seekCursor();
      batchRow = r;
      try {
        cursor.readWith(batchReader == null ? batchReader = (in, end) -> dcsl.readSelected(in, end, batchOut, batchRow) : batchReader);
      } catch (CifCorruptionError e) {
        throw e.getCause();
      }
      cursorRow++;
      position++;
    }
    batchOut = null;
  }

  /** A batch of this column's selected keys for up to capacity rows, values as objects. */
  public dev.cif.SelectedKeysBatch selectedKeysBatch(int capacity) {
    return selectedKeysBatch(capacity, null);
  }

  /**
   * A batch of this column's selected keys for up to capacity rows whose values, where keyed blocks
   * hold them, are decoded into the array form kind without an object per value, if the map's values
   * have that form (see SelectedKeysBatch#arrays); other values are objects.
   */
  public dev.cif.SelectedKeysBatch selectedKeysBatch(int capacity, VectorTarget.Kind kind) {
    org.apache.avro.Schema column = dev.cif.schema.CifSchemas.nonNull(spec.schema);
    VectorTarget.Kind values = column.getType() == org.apache.avro.Schema.Type.MAP
        ? ValueCodecs.forSchema(column.getValueType()).vectorKind() : null;
    return new dev.cif.SelectedKeysBatch(selectedKeys, capacity, kind != null && kind == values ? kind : null);
  }

  /** Reads the value at {@link #position()} and moves past it. */
  public Object next() throws IOException {
    seekCursor();
    try {
      Object v = cursor.read();
      if (plainSelected != null && v != null) v = dev.cif.impl.layout.dcsl.SelectedKeysMap.from((java.util.Map<?, ?>) v, plainSelected);
      cursorRow++;
      position++;
      return v;
    } catch (CifCorruptionError e) {
      throw e.getCause();
    }
  }

  ValueCodec valueCodec() { return codec; }

  /** The array form {@link #readBatch} decodes this column into, or null if its values exist only as objects. */
  public VectorTarget.Kind vectorKind() { return codec.vectorKind(); }

  /**
   * Decodes the n values from {@link #position()} on into rows [row, row + n) of t, across blocks,
   * and moves past them. Byte sequences are referenced in place, never copied: a reference stays
   * valid as long as the caller holds it, because blocks read after the first batch read each get a
   * buffer of their own instead of reusing one.
   */
  public void readBatch(VectorTarget t, int row, int n) throws IOException {
    if (vectorKind() == null) throw new UnsupportedOperationException("column " + spec.name + " (" + spec.schema + ") has no array form");
    if (!freshBuffers) {
      freshBuffers = true;
      block = -1; // the current block's buffer may be reused: read it again into a buffer of its own
    }
    while (n > 0) {
      seekCursor();
      int k = (int) Math.min(n, firstRows[block + 1] - position);
      try {
        cursor.readInto(t, row, k);
      } catch (CifCorruptionError e) {
        throw e.getCause();
      }
      cursorRow += k;
      position += k;
      row += k;
      n -= k;
    }
  }

  private void seekCursor() throws IOException {
    if (position >= footer.totalRows) {
      throw new CifFormatException(file, spec.name, footer.bodyEnd, "read past the last row (" + footer.totalRows + ")");
    }
    if (block < 0 || position < firstRows[block] || position >= firstRows[block + 1] || position < cursorRow) {
      loadBlock(findBlock(position));
    }
    if (cursorRow < position) {
      try {
        cursor.skip((int) (position - cursorRow));
      } catch (CifCorruptionError e) {
        throw e.getCause();
      }
      cursorRow = position;
    }
  }

  private int findBlock(long row) {
    int lo = 0, hi = footer.rows.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (firstRows[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private void loadBlock(int b) throws IOException {
    long off = footer.offsets.get(b);
    long end = b + 1 < footer.offsets.size() ? footer.offsets.get(b + 1) : footer.bodyEnd;
    long len = end - off;
    if (len < BlockHeader.BYTES || len > maxBlockBytes) {
      throw new CifFormatException(file, spec.name, off, "block " + b + " has an impossible length " + len);
    }
    if (freshBuffers || ioBuf.length < len) ioBuf = new byte[(int) (freshBuffers ? len : Math.max(len, Math.min(maxBlockBytes, ioBuf.length * 2L)))];
    long headLen = len;
    if (keyedCodec == null) {
      readAt(b, off, 0, (int) len);
    } else {
      // Header, then the head alone: the sides are read only if a value in them is asked for.
      readAt(b, off, 0, BlockHeader.BYTES);
      headLen = Math.min(len, BlockHeader.BYTES + BlockHeader.storedLength(ioBuf, 0)); // more than the extent: caught below
      readAt(b, off, BlockHeader.BYTES, (int) headLen);
    }
    BlockHeader h = BlockHeader.parse(ioBuf, 0);
    int rows = h.rows;
    long raw = h.rawLength;
    long stored = h.storedLength;
    int codecId = h.codecId;
    if (!h.checks(ioBuf, 0, ioBuf, BlockHeader.BYTES, (int) Math.min(stored, headLen - BlockHeader.BYTES)) || stored != headLen - BlockHeader.BYTES) {
      throw new CifFormatException(file, spec.name, off, "block " + b + " checksum mismatch");
    }
    if (keyedCodec != null) {
      keyedCodec.sides(new BlockSides(in, file, spec.name, off + headLen, off + len, maxBlockBytes, engines, bytesRead));
    }
    if (rows != footer.rows.get(b) || raw > maxBlockBytes) {
      throw new CifFormatException(file, spec.name, off, "block " + b + " header (rows " + rows + ", raw " + raw + ") disagrees with the footer");
    }
    BlockCodec bc = BlockCodec.byId(codecId);
    if (bc == null) throw new CifFormatException(file, spec.name, off + BlockHeader.CODEC_OFFSET, "unknown codec id " + codecId);
    long payloadOffset = off + BlockHeader.BYTES;
    if (bc == BlockCodec.NONE) {
      if (raw != stored) throw new CifFormatException(file, spec.name, off, "uncompressed block with raw " + raw + " != stored " + stored);
      cursor.in.describe(file, spec.name, payloadOffset);
      loadCursor(ioBuf, BlockHeader.BYTES, (int) raw, rows);
    } else {
      if (freshBuffers || rawBuf.length < raw) rawBuf = new byte[(int) raw];
      CodecEngine e = engines[codecId] == null ? (engines[codecId] = CodecEngine.of(bc)) : engines[codecId];
      try {
        e.decompress(ioBuf, BlockHeader.BYTES, (int) stored, rawBuf, (int) raw);
      } catch (IllegalStateException ex) {
        throw new CifFormatException(file, spec.name, payloadOffset, "block " + b + ": " + ex.getMessage(), ex);
      }
      cursor.in.describe(file, spec.name, payloadOffset);
      loadCursor(rawBuf, 0, (int) raw, rows);
    }
    block = b;
    cursorRow = firstRows[b];
  }

  /** Reads bytes [from, to) of block b (at file offset off) into the same range of ioBuf. */
  private void readAt(int b, long off, int from, int to) throws IOException {
    try {
      in.seek(off + from);
      in.readFully(ioBuf, from, to - from);
      bytesRead.addBlock(to - from);
    } catch (java.io.EOFException e) {
      throw new CifFormatException(file, spec.name, off, "block " + b + " is truncated", e);
    } catch (org.apache.hadoop.fs.ChecksumException e) {
      throw new CifFormatException(file, spec.name, e.getPos(), "file system checksum error in block " + b, e);
    }
  }

  private void loadCursor(byte[] buf, int off, int len, int rows) throws IOException {
    try {
      cursor.load(buf, off, len, rows);
    } catch (CifCorruptionError e) {
      throw e.getCause();
    }
  }

  @Override
  public void close() throws IOException { in.close(); }
}
