package dev.cif.hardening;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.FileFraming;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Builds a split-directory byte by byte, for inputs no writer makes: a one-column split-directory
 * whose column file holds a single uncompressed block with the given payload and whatever header
 * metadata the caller chooses. Used to make the hostile files the fuzzer's mutations cannot reach.
 */
final class CraftedSplitDirectory {
  private CraftedSplitDirectory() {}

  /**
   * @param recordSchema the schema file's record schema (one column, named column)
   * @param columnType the column file header's schema JSON (may disagree with recordSchema)
   * @param payload the block payload (PLAIN layout, no codec) holding rows values
   */
  static void write(Path dir, String recordSchema, String column, String columnType, byte[] payload, int rows)
      throws IOException {
    Files.createDirectories(dir);
    String file = "0000-" + column + ".cif";
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("cif.column", column);
    meta.put("cif.schema", columnType);
    meta.put("cif.layout", "PLAIN");
    meta.put("cif.codec", "NONE");
    meta.put("cif.skip.levels", "");
    byte[] header = FileFraming.header(FileFraming.KIND_COLUMN, meta);
    ByteSink block = new ByteSink(payload.length + 17);
    block.writeIntBE(rows);
    block.writeIntBE(payload.length);
    block.writeIntBE(payload.length);
    block.writeByte(0);
    CRC32C crc = new CRC32C();
    crc.update(block.array(), 0, 13);
    crc.update(payload);
    block.writeIntBE((int) crc.getValue());
    block.writeBytes(payload, 0, payload.length);
    ByteSink footer = new ByteSink(32);
    footer.writeUVarInt(1);
    footer.writeUVarLong(header.length);
    footer.writeUVarInt(rows);
    footer.writeUVarLong(0); // nulls
    footer.writeByte(0); // no min/max
    footer.writeUVarLong(rows);
    footer.writeUVarLong(header.length + block.size());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(header);
    block.writeTo(out);
    FileFraming.writeTail(out, footer.toByteArray());
    Files.write(dir.resolve(file), out.toByteArray());

    Map<String, String> schemaMeta = new LinkedHashMap<>();
    schemaMeta.put("avro.schema", recordSchema);
    schemaMeta.put("cif.rows", Integer.toString(rows));
    schemaMeta.put("cif.files", file);
    ByteArrayOutputStream s = new ByteArrayOutputStream();
    s.write(FileFraming.header(FileFraming.KIND_SCHEMA, schemaMeta));
    FileFraming.writeTail(s, new byte[0]);
    Files.write(dir.resolve("schema-0000.cif"), s.toByteArray());
  }
}
