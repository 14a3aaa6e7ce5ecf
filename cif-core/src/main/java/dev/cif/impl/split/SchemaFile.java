package dev.cif.impl.split;

import dev.cif.WrittenBy;
import dev.cif.CifFormatException;
import dev.cif.impl.io.FileFraming;
import dev.cif.impl.io.HeaderKey;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A split-directory's schema file: the record schema (Avro JSON), the row count, and the file of
 * each column in field order. Written last, so its presence marks a complete split-directory. It is
 * a CIF file with an empty body: the content sits in the header's metadata.
 */
public final class SchemaFile {
  public final Schema schema;
  public final long rows;
  /** Column file names, one per field of the schema, in field order. */
  public final List<String> files;
  /** The writer that made the schema file read (this writer for one about to be written). */
  public final WrittenBy writtenBy;

  /** A schema file to write: this code is its writer. */
  public SchemaFile(Schema schema, long rows, List<String> files) {
    this(schema, rows, files, null);
  }

  private SchemaFile(Schema schema, long rows, List<String> files, WrittenBy writtenBy) {
    if (files.size() != schema.getFields().size()) throw new IllegalArgumentException("one file per column");
    this.writtenBy = writtenBy == null ? FileFraming.CURRENT_WRITER : writtenBy;
    this.schema = schema;
    this.rows = rows;
    this.files = List.copyOf(files);
  }

  public String fileOf(String column) {
    Schema.Field f = schema.getField(column);
    return f == null ? null : files.get(f.pos());
  }

  /** Writes to a temporary name and renames, so that readers never see half a schema file. */
  public void write(FileSystem fs, Path file) throws IOException {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put(HeaderKey.AVRO_SCHEMA.key, schema.toString());
    meta.put(HeaderKey.ROWS.key, Long.toString(rows));
    meta.put(HeaderKey.FILES.key, String.join("/", files));
    Path tmp = new Path(file.getParent(), SplitDirectoryLayout.IN_PROGRESS_PREFIX + file.getName());
    try (FSDataOutputStream out = fs.create(tmp, true)) {
      out.write(FileFraming.header(FileFraming.KIND_SCHEMA, meta));
      FileFraming.writeTail(out, new byte[0]);
    }
    if (!fs.rename(tmp, file)) throw new IOException("could not rename " + tmp + " to " + file);
  }

  /**
   * The schema, checked as the writer checked it. Avro throws more than SchemaParseException on bad
   * JSON (AvroTypeException for an unknown type name, AvroRuntimeException for a non-record), and a
   * recursive or too deeply nested schema would overflow the decoders' stack; all are corruption.
   */
  private static Schema parseSchema(String json, String file) throws CifFormatException {
    try {
      Schema schema = new Schema.Parser().setValidateDefaults(false).parse(json);
      dev.cif.schema.CifSchemas.validateStructure(schema);
      return schema;
    } catch (RuntimeException e) {
      throw new CifFormatException(file, null, 0, "bad schema in schema file: " + e.getMessage(), e);
    }
  }

  static SchemaFile read(FileSystem fs, Path file, long length) throws IOException {
    String name = file.toString();
    try (FSDataInputStream in = fs.open(file)) {
      byte[] prefix = new byte[10];
      in.readFully(0, prefix);
      int headerLen = FileFraming.headerLength(prefix, name, length);
      byte[] h = new byte[headerLen];
      in.readFully(0, h);
      FileFraming.Header header = FileFraming.parseHeader(h, name);
      if (header.kind != FileFraming.KIND_SCHEMA) throw new CifFormatException(name, null, 5, "not a schema file");
      byte[] tail = new byte[FileFraming.TAIL_BYTES];
      in.readFully(length - tail.length, tail);
      FileFraming.footerLength(tail, name, length, headerLen);
      Schema schema = parseSchema(header.require(HeaderKey.AVRO_SCHEMA, name), name);
      long rows = Long.parseLong(header.require(HeaderKey.ROWS, name));
      String files = header.require(HeaderKey.FILES, name);
      List<String> list = files.isEmpty() ? new ArrayList<>() : Arrays.asList(files.split("/"));
      for (String f : list) {
        // Only names the writer makes: anything else (empty, '..', a ':' that Path reads as a scheme)
        // would make the reader look outside the split-directory or fail with a Path error.
        if (!f.matches("[A-Za-z0-9_.-]+\\.cif") || f.startsWith(".") || SplitDirectoryLayout.schemaGeneration(f) >= 0) {
          throw new CifFormatException(name, null, 0, "schema file names an impossible column file '" + f + "'");
        }
      }
      if (rows < 0 || list.size() != schema.getFields().size()) {
        throw new CifFormatException(name, null, 0, "schema file lists " + list.size() + " files for "
            + schema.getFields().size() + " columns, rows " + rows);
      }
      return new SchemaFile(schema, rows, list, header.writtenBy(name));
    } catch (FileNotFoundException e) {
      throw new CifFormatException(name, null, 0, "schema file is missing", e);
    } catch (java.io.EOFException e) {
      throw new CifFormatException(name, null, length, "schema file is truncated", e);
    } catch (SchemaParseException | NumberFormatException e) {
      throw new CifFormatException(name, null, 0, "bad schema file: " + e.getMessage(), e);
    }
  }
}
