package dev.cif.impl.column;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.impl.io.FileFraming;
import dev.cif.testing.TestFs;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;


/** Column files for the layout tests: written whole, and their first block's payload read or damaged (CRC kept valid). */
public final class ColumnFiles {
  private ColumnFiles() {}

  public static Path write(TestFs t, String name, ColumnSpec spec, long blockBytes, long maxValueBytes, List<?> values) throws Exception {
    Path p = t.path(name);
    try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, blockBytes, maxValueBytes)) {
      for (Object v : values) w.write(v);
    }
    return p;
  }

  public static Path write(TestFs t, String name, Schema type, ColumnLayout layout, BlockCodec codec, long blockBytes, List<?> values)
      throws Exception {
    return write(t, name, new ColumnSpec("c", type, layout, codec, new int[] {100, 10}), blockBytes, 1 << 20, values);
  }

  /** The file offset of the first block's payload. */
  public static int payloadOffset(Path p) throws Exception {
    byte[] b = Files.readAllBytes(java.nio.file.Path.of(p.toUri()));
    return FileFraming.headerLength(b, p.toString(), b.length) + dev.cif.impl.io.BlockHeader.BYTES;
  }

  /** The first n bytes of the first block's payload (an uncompressed block), unsigned. */
  public static List<Integer> payload(Path p, int n) throws Exception {
    byte[] b = Files.readAllBytes(java.nio.file.Path.of(p.toUri()));
    int at = payloadOffset(p);
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < n; i++) l.add(b[at + i] & 0xFF);
    return l;
  }

  /**
   * Lets damage change the first block's payload of length bytes (an uncompressed block), then
   * recomputes the block's CRC, so that what reads the damage is the layout's decoder, not the CRC.
   */
  public static void damagePayload(TestFs t, Path p, int length, Consumer<byte[]> damage) throws Exception {
    java.nio.file.Path f = java.nio.file.Path.of(p.toUri());
    byte[] b = Files.readAllBytes(f);
    int block = FileFraming.headerLength(b, p.toString(), b.length);
    int payload = block + dev.cif.impl.io.BlockHeader.BYTES;
    byte[] view = new byte[length];
    System.arraycopy(b, payload, view, 0, length);
    damage.accept(view);
    System.arraycopy(view, 0, b, payload, length);
    CRC32C crc = new CRC32C();
    crc.update(b, block, 13);
    crc.update(b, payload, length);
    ByteBuffer.wrap(b, block + 13, 4).putInt((int) crc.getValue());
    Files.write(f, b);
    t.fs.delete(new Path(p.getParent(), "." + p.getName() + ".crc"), false);
  }
}
