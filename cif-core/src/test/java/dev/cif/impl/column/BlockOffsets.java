package dev.cif.impl.column;

import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.FileFraming;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The block offsets of a valid column file, from its footer: for tests that damage blocks, since a
 * keyed DCSL block's extent is more than its header's StoredLength says (side segments follow it).
 */
public final class BlockOffsets {
  private BlockOffsets() {}

  public static List<Integer> of(byte[] file) throws Exception {
    int headerLen = FileFraming.headerLength(file, "fixture", file.length);
    ColumnSpec spec = ColumnSpec.fromHeader(FileFraming.parseHeader(Arrays.copyOf(file, headerLen), "fixture"), "fixture");
    int footerLen = java.nio.ByteBuffer.wrap(file, file.length - FileFraming.TAIL_BYTES, 4).getInt();
    int footerStart = file.length - FileFraming.TAIL_BYTES - footerLen;
    ValueCodec stats = BlockStats.statsType(spec.schema) == null ? null : ValueCodecs.forSchema(BlockStats.statsType(spec.schema));
    ColumnFooter f = ColumnFooter.decode(new ByteSource(file, footerStart, footerLen), stats, headerLen, footerStart);
    List<Integer> offsets = new ArrayList<>();
    for (long o : f.offsets) offsets.add((int) o);
    return offsets;
  }
}
