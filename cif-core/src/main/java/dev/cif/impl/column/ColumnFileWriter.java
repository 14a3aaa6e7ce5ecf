package dev.cif.impl.column;

import dev.cif.BlockCodec;
import dev.cif.conf.CifConf;
import dev.cif.impl.compress.CodecEngine;
import dev.cif.impl.io.BlockHeader;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.FileFraming;
import dev.cif.impl.layout.dcsl.DcslWriter;
import dev.cif.impl.layout.dcsl.SideSegment;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.impl.layout.skiplist.SkipListWriter;
import dev.cif.impl.layout.skiplist.SkipListWriter.Kind;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32C;
import org.apache.avro.Schema;


/**
 * Writes one column file: header, blocks, footer, tail (docs/FORMAT.md §5). A block is its
 * {@link BlockHeader} and its stored payload. A keyed DCSL block (mode 3) is followed
 * by its side segments, each compressed and checksummed on its own, so a reader can fetch one
 * without the others; the payload (the block's head) lists them. Memory is bounded by one block.
 */
public final class ColumnFileWriter implements dev.cif.ColumnWriter, dev.cif.ColumnAppender {
  /** Blocks of tiny values (null, boolean) end here too, keeping the writer's row index bounded. */
  static final int MAX_BLOCK_ROWS = 1 << 16;

  private final OutputStream out;
  private final ColumnSpec spec;
  private final long blockBytes;
  private final SkipListWriter builder;
  private final CodecEngine engine;
  private final Schema statsType;
  private final ValueCodec statsCodec;
  private final ColumnFooter footer = new ColumnFooter();
  // Buffers start small and grow to the block size: a writer of 10,000 columns would otherwise
  // hold 10,000 x 128 KiB before writing a byte (docs/reliability.md).
  private final ByteSink payload = new ByteSink(1 << 10);
  private final ByteSink header = new ByteSink(BlockHeader.BYTES);
  private byte[] compressed = new byte[0];
  private int compressedLength;
  /** A keyed DCSL column's codec (its blocks may have side segments), else null. */
  private final DcslWriter keyedCodec;
  private final ByteSink sideRaw = new ByteSink(1 << 10);
  private final BlockStatsBuilder stats;
  private long written;
  private boolean closed;
  private boolean finished;

  public ColumnFileWriter(OutputStream out, ColumnSpec spec, long blockBytes, long maxValueBytes) throws IOException {
    if (blockBytes > maxValueBytes) {
      throw new IllegalArgumentException(CifConf.BLOCK_BYTES.key() + " (" + blockBytes + ") must not exceed "
          + CifConf.MAX_VALUE_BYTES.key() + " (" + maxValueBytes + "): readers refuse blocks over twice the value limit");
    }
    this.out = out;
    this.spec = spec;
    this.blockBytes = blockBytes;
    ValueCodec codec = ColumnCodecs.forWriting(spec);
    this.builder = new SkipListWriter(spec.name, spec.schema, spec.skipLevels, codec, maxValueBytes);
    this.keyedCodec = codec instanceof DcslWriter ? (DcslWriter) codec : null;
    this.engine = CodecEngine.of(spec.codec);
    this.statsType = BlockStats.statsType(spec.schema);
    this.stats = new BlockStatsBuilder(spec.schema);
    this.statsCodec = statsType == null ? null : ValueCodecs.forSchema(statsType);
    byte[] h = FileFraming.header(FileFraming.KIND_COLUMN, spec.toMeta());
    out.write(h);
    written = h.length;
  }


  public ColumnSpec spec() { return spec; }

  public void write(Object value) throws IOException {
    try {
      builder.add(value);
      if (!builder.lastValueRepeated()) stats.add(value); // as append's BYTES case, below
    } catch (RuntimeException e) {
      throw cannotWrite(value == null ? "null" : value.getClass().getSimpleName(), e);
    }
    endValue();
  }

  /** Ends the block once the value just taken filled it. */
  private void endValue() throws IOException {
    if (builder.valueBytes() >= blockBytes || builder.count() >= MAX_BLOCK_ROWS || (keyedCodec != null && keyedCodec.full())) {
      flushBlock();
    }
  }

  // dev.cif.ColumnAppender: the value as write(Object) takes it, without boxing it; the same bytes.

  @Override public void appendNull() throws IOException { append(Kind.NULL, 0, 0, null, 0, 0); }
  @Override public void appendBoolean(boolean v) throws IOException { append(Kind.BOOLEAN, v ? 1 : 0, 0, null, 0, 0); }
  @Override public void appendInt(int v) throws IOException { append(Kind.INT, v, 0, null, 0, 0); }
  @Override public void appendLong(long v) throws IOException { append(Kind.LONG, v, 0, null, 0, 0); }
  @Override public void appendFloat(float v) throws IOException { append(Kind.FLOAT, 0, v, null, 0, 0); }
  @Override public void appendDouble(double v) throws IOException { append(Kind.DOUBLE, 0, v, null, 0, 0); }
  @Override public void appendBytes(byte[] b, int off, int len) throws IOException { append(Kind.BYTES, 0, 0, b, off, len); }

  /** A typed value into the block and the block's statistics (SkipListWriter.addTyped says which argument holds it). */
  private void append(Kind kind, long l, double d, byte[] b, int off, int len) throws IOException {
    try {
      builder.addTyped(kind, l, d, b, off, len);
    } catch (RuntimeException e) {
      throw cannotWrite(kind == Kind.BYTES ? len + " bytes" : kind.name().toLowerCase(java.util.Locale.ROOT), e);
    }
    switch (kind) {
      case NULL: stats.addNull(); break;
      case INT: case LONG: stats.addInteger(l); break;
      case FLOAT: case DOUBLE: stats.addReal(d); break;
      // A DICT block's repeat cannot move its bounds: comparing it with them was a CTAS profile's largest
      // statistics cost (docs/bench/tpch-profile.md); each distinct value of the block is still compared once.
      case BYTES: if (!builder.lastValueRepeated()) stats.addBytes(b, off, len); break;
      default: break; // booleans keep no bounds
    }
    endValue();
  }

  @Override public void appendValue(Object v) throws IOException { write(v); }

  /**
   * A run of values of one primitive kind (l[from, to) for BOOLEAN, INT and LONG, d[from, to) for FLOAT
   * and DOUBLE), as that many appends would take them: the same blocks, in one loop per block
   * ({@link ColumnStage} hands a column's held values this way).
   */
  void appendRun(Kind kind, long[] l, double[] d, int from, int to) throws IOException {
    if (keyedCodec != null) {
      for (int i = from; i < to; i++) append(kind, l == null ? 0 : l[i], d == null ? 0 : d[i], null, 0, 0);
      return;
    }
    int i = from;
    while (i < to) {
      int took;
      try {
        took = builder.addRun(kind, l, d, i, to, blockBytes, MAX_BLOCK_ROWS);
      } catch (RuntimeException e) {
        throw cannotWrite(kind.name().toLowerCase(java.util.Locale.ROOT), e);
      }
      if (kind == Kind.INT || kind == Kind.LONG) stats.addIntegers(l, i, i + took);
      else if (kind != Kind.BOOLEAN) for (int k = i; k < i + took; k++) stats.addReal(d[k]);
      i += took;
      endValue();
    }
  }

  private IllegalArgumentException cannotWrite(String what, RuntimeException e) {
    return new IllegalArgumentException("column " + spec.name + " (" + spec.schema + "): cannot write " + what + " value: " + e.getMessage(), e);
  }

  /** Bytes written so far plus the block being buffered. */
  public long bytesWritten() { return written + builder.valueBytes(); }

  public long rows() { return footer.totalRows + builder.count(); }

  /** The statistics of the blocks written so far (all of them once closed), in order. */
  public java.util.List<BlockStats> blockStats() { return java.util.Collections.unmodifiableList(footer.stats); }

  /** The row counts of the blocks written so far, in order. */
  public java.util.List<Integer> blockRows() { return java.util.Collections.unmodifiableList(footer.rows); }

  private void flushBlock() throws IOException {
    int rows = builder.count();
    if (rows == 0) return;
    byte[][] sides = buildSides();
    payload.reset();
    builder.build(payload);
    int raw = payload.size();
    BlockCodec used = compress(payload);
    byte[] stored = used == BlockCodec.NONE ? payload.array() : compressed;
    int storedLen = used == BlockCodec.NONE ? raw : compressedLength;
    header.reset();
    BlockHeader.write(header, rows, raw, used.id, stored, storedLen);
    footer.addBlock(written, rows, stats.finish());
    header.writeTo(out);
    out.write(stored, 0, storedLen);
    written += BlockHeader.BYTES + storedLen;
    for (byte[] side : sides) {
      out.write(side);
      written += side.length;
    }
  }

  /** Compresses the bytes into {@link #compressed} if that makes them smaller; returns the codec used. */
  private BlockCodec compress(ByteSink raw) {
    if (engine == null) return BlockCodec.NONE;
    int bound = engine.maxCompressedLength(raw.size());
    if (compressed.length < bound) compressed = new byte[bound];
    compressedLength = engine.compress(raw.array(), 0, raw.size(), compressed);
    return compressedLength < raw.size() ? spec.codec : BlockCodec.NONE;
  }

  /**
   * A keyed DCSL block's side segments as stored (compressed on their own, like a block), with their
   * directory handed to the codec for the head; none for any other block.
   */
  private byte[][] buildSides() {
    int n = keyedCodec == null ? 0 : keyedCodec.sideCount();
    byte[][] sides = new byte[n][];
    SideSegment[] directory = new SideSegment[n];
    for (int i = 0; i < n; i++) {
      sideRaw.reset();
      keyedCodec.writeSide(i, sideRaw);
      BlockCodec used = compress(sideRaw);
      sides[i] = used == BlockCodec.NONE ? sideRaw.toByteArray() : java.util.Arrays.copyOf(compressed, compressedLength);
      CRC32C crc = new CRC32C();
      crc.update(sides[i], 0, sides[i].length);
      directory[i] = new SideSegment(sideRaw.size(), sides[i].length, used.id, (int) crc.getValue());
    }
    if (keyedCodec != null) keyedCodec.sideDirectory(directory);
    return sides;
  }

  /** Flushes the last block and writes footer and tail; closes the stream. */
  @Override
  public void close() throws IOException {
    if (closed) return;
    closed = true;
    try {
      finish();
    } finally {
      out.close();
    }
  }

  /**
   * Writes the last block and the footer into the stream without closing it, so that a split-directory's
   * streams can then be closed side by side (SplitDirectoryWriter); {@link #closeStream} or
   * {@link #close} closes it.
   */
  public void finish() throws IOException {
    if (finished) return;
    finished = true;
    flushBlock();
    footer.bodyEnd = written;
    byte[] f = footer.encode(statsCodec);
    FileFraming.writeTail(out, f);
    written += f.length + FileFraming.TAIL_BYTES;
  }

  /** Closes the stream of a {@link #finish finished} file. */
  public void closeStream() throws IOException {
    if (!finished) throw new IllegalStateException("column " + spec.name + ": closeStream before finish");
    closed = true;
    out.close();
  }

  /** Closes the stream without finishing the file (after a failure; the file is then discarded). */
  public void abort() {
    closed = true;
    try {
      out.close();
    } catch (IOException ignored) {
      // the caller deletes the whole temporary split-directory
    }
  }
}
