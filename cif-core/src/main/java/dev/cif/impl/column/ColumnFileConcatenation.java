package dev.cif.impl.column;

import dev.cif.CifFormatException;
import dev.cif.impl.io.BlockHeader;
import dev.cif.impl.io.FileFraming;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * Concatenates the encoded blocks of several files of one column into one column file, decoding and
 * re-encoding nothing, as ORC's stripe-level merge does. A block is self-contained (docs/FORMAT.md
 * §5.2): its header, CRC, codec, skip entries and DCSL side segments travel with it, and nothing in
 * it names a file offset. What the file says about its blocks is the footer (§5.3): the offsets,
 * which shift, and each block's rows and statistics, which do not; so the footer is rebuilt and the
 * header copied. Only files with byte-identical headers are concatenated: same column, type, layout,
 * configured codec, skip levels, format version and writer (§3.1), so the copied header is true of
 * every block and a reader's work-arounds for a writer stay right.
 */
public final class ColumnFileConcatenation {
  private ColumnFileConcatenation() {}

  /** The header bytes of a column file (Magic through HeaderCrc), read from an open stream. */
  public static byte[] header(FSDataInputStream in, String file, long length) throws IOException {
    byte[] prefix = new byte[10];
    in.readFully(0, prefix);
    byte[] h = new byte[FileFraming.headerLength(prefix, file, length)];
    in.readFully(0, h);
    FileFraming.parseHeader(h, file); // checks the CRC: a corrupt header is refused here, not copied
    return h;
  }

  /**
   * Writes to out one column file holding the blocks of inputs, in order, and closes nothing.
   * Each block's CRC is checked as it is copied, so a corrupt input is refused rather than spread.
   *
   * @param blocks told the merged file's block statistics and row counts (what a split-directory's
   *     statistics are gathered from), before the footer is written
   * @return the bytes written
   */
  public static long concatenate(FileSystem fs, List<FileStatus> inputs, OutputStream out, long maxValueBytes,
      BiConsumer<List<BlockStats>, List<Integer>> blocks) throws IOException {
    if (inputs.isEmpty()) throw new IllegalArgumentException("nothing to concatenate");
    byte[] header = null;
    ValueCodec statsCodec = null;
    ColumnFooter merged = new ColumnFooter();
    long pos = 0;
    byte[] buf = new byte[0];
    long maxBlockBytes = 2 * maxValueBytes + (1 << 20);
    for (FileStatus st : inputs) {
      String file = st.getPath().toString();
      try (ColumnFileReader r = ColumnFileReader.open(fs, st.getPath(), st.getLen(), maxValueBytes)) {
        byte[] h = header(r.stream(), file, st.getLen());
        if (header == null) {
          header = h;
          out.write(h);
          pos = h.length;
          Schema statsType = BlockStats.statsType(r.spec().schema);
          statsCodec = statsType == null ? null : ValueCodecs.forSchema(statsType);
        } else if (!Arrays.equals(header, h)) {
          throw new CifFormatException(file, r.spec().name, 0, "column header differs from that of " + inputs.get(0).getPath()
              + ": only files of the same column, type, layout, codec, skip levels and writer are concatenated");
        }
        ColumnFooter f = r.footer();
        for (int b = 0; b < f.offsets.size(); b++) {
          long off = f.offsets.get(b);
          long len = (b + 1 < f.offsets.size() ? f.offsets.get(b + 1) : f.bodyEnd) - off;
          if (len < BlockHeader.BYTES || len > maxBlockBytes) {
            throw new CifFormatException(file, r.spec().name, off, "block " + b + " has an impossible length " + len);
          }
          if (buf.length < len) buf = new byte[(int) len];
          r.stream().readFully(off, buf, 0, (int) len);
          BlockHeader bh = BlockHeader.parse(buf, 0);
          if (BlockHeader.BYTES + bh.storedLength > len || bh.rows != f.rows.get(b)
              || !bh.checks(buf, 0, buf, BlockHeader.BYTES, (int) bh.storedLength)) {
            throw new CifFormatException(file, r.spec().name, off, "block " + b + " checksum mismatch: not merged");
          }
          out.write(buf, 0, (int) len);
          merged.addBlock(pos, f.rows.get(b), f.stats.get(b));
          pos += len;
        }
      }
    }
    merged.bodyEnd = pos;
    blocks.accept(Collections.unmodifiableList(merged.stats), Collections.unmodifiableList(merged.rows));
    byte[] footer = merged.encode(statsCodec);
    FileFraming.writeTail(out, footer);
    return pos + footer.length + FileFraming.TAIL_BYTES;
  }
}
