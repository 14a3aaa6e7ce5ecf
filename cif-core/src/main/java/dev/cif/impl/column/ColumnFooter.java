package dev.cif.impl.column;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * The block index of a column file (docs/FORMAT.md §5.3):
 * <pre>
 * Footer     := BlockCount:uvarint BlockEntry{BlockCount} TotalRows:uvarlong BodyEnd:uvarlong
 * BlockEntry := Offset:uvarlong Rows:uvarint Stats
 * Stats      := Nulls:uvarlong HasMinMax:u8 [Min Max]      (values in the column's own encoding)
 * </pre>
 * A reader finds any row's block from here without touching the blocks before it.
 */
final class ColumnFooter {
  final List<Long> offsets = new ArrayList<>();
  final List<Integer> rows = new ArrayList<>();
  final List<BlockStats> stats = new ArrayList<>();
  long totalRows;
  long bodyEnd;

  void addBlock(long offset, int blockRows, BlockStats s) {
    offsets.add(offset);
    rows.add(blockRows);
    stats.add(s);
    totalRows += blockRows;
  }

  byte[] encode(ValueCodec statsCodec) {
    ByteSink out = new ByteSink(64 + offsets.size() * 16);
    out.writeUVarInt(offsets.size());
    for (int i = 0; i < offsets.size(); i++) {
      out.writeUVarLong(offsets.get(i));
      out.writeUVarInt(rows.get(i));
      stats.get(i).write(out, statsCodec);
    }
    out.writeUVarLong(totalRows);
    out.writeUVarLong(bodyEnd);
    return out.toByteArray();
  }

  static ColumnFooter decode(ByteSource in, ValueCodec statsCodec, long headerEnd, long footerStart) {
    ColumnFooter f = new ColumnFooter();
    int n = in.readCount(3);
    long prev = headerEnd;
    for (int i = 0; i < n; i++) {
      long off = in.readUVarLong();
      int r = in.readUVarInt();
      if (off < prev || off >= footerStart || r <= 0) { // r <= 0: a varint of 2^31 or more reads as negative
        throw in.corrupt("block " + i + " entry (offset " + off + ", rows " + r + ") is out of order or out of the file");
      }
      f.addBlock(off, r, BlockStats.read(in, statsCodec));
      prev = off + 1;
    }
    long total = in.readUVarLong();
    f.bodyEnd = in.readUVarLong();
    if (total != f.totalRows || f.bodyEnd != footerStart) {
      throw in.corrupt("footer totals (rows " + total + ", body end " + f.bodyEnd + ") disagree with its blocks");
    }
    if (in.hasRemaining()) throw in.corrupt("trailing bytes in footer");
    return f;
  }
}
