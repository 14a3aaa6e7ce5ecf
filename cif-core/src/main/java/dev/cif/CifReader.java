package dev.cif;

import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a dataset or one split-directory (from {@link Cif#createReader}): its split-directories, its
 * schema, its rows through the reader's {@link ReadOptions}, and what each file records about itself
 * (layout, codec, blocks, the writer that made it).
 */
public final class CifReader {
  private final FileSystem fs;
  private final Path path;
  private final ReadOptions options;
  private final List<Path> dirs;
  /** Each split-directory's listing, so that reading lists nothing again. */
  private final List<org.apache.hadoop.fs.FileStatus[]> listings = new ArrayList<>();

  CifReader(FileSystem fs, Path path, ReadOptions options) throws IOException {
    this.fs = fs;
    this.path = path;
    this.options = options;
    List<Path> found = new ArrayList<>();
    for (DatasetListing.Listed l : DatasetListing.listed(fs, path)) {
      found.add(l.dir);
      listings.add(l.files);
    }
    this.dirs = Collections.unmodifiableList(found);
  }

  public Path path() { return path; }

  /** The complete split-directories, in name order. */
  public List<Path> splitDirectories() { return dirs; }

  /** The options' reader schema, else the first split-directory's schema; null if there is no split-directory. */
  public Schema schema() throws IOException {
    if (options.readerSchema() != null) return options.readerSchema();
    return dirs.isEmpty() ? null : SplitDirectory.open(fs, dirs.get(0)).schema();
  }

  /** The rows of every split-directory, in order, as the options project and filter them. */
  public RowReader rows() throws IOException { return options.open(fs, dirs, listings); }

  /**
   * The oldest writer among the split-directories' schema files (the one a workaround of an old
   * writer's bug has to consider: {@code writtenBy().writerVersion().includes(fix)}); null if there
   * is no split-directory.
   */
  public WrittenBy writtenBy() throws IOException {
    WrittenBy oldest = null;
    for (Path d : dirs) {
      WrittenBy w = SplitDirectory.open(fs, d).writtenBy();
      if (oldest == null || w.writerVersion().id < oldest.writerVersion().id) oldest = w;
    }
    return oldest;
  }

  /** What each split-directory's files record: rows, writer, and per column its layout, codec, blocks and size. */
  public List<SplitDirectoryMeta> describe() throws IOException {
    List<SplitDirectoryMeta> out = new ArrayList<>();
    for (Path d : dirs) {
      SplitDirectory sd = SplitDirectory.open(fs, d);
      List<ColumnMeta> columns = new ArrayList<>();
      for (Schema.Field f : sd.schema().getFields()) {
        try (ColumnFileReader r = sd.openColumn(f.name(), options.maxValueBytes())) {
          columns.add(new ColumnMeta(f.name(), f.schema(), r.layout(), r.codec(), r.blockCount(), sd.columnFile(f.name()).getLen(),
              r.writtenBy()));
        }
      }
      out.add(new SplitDirectoryMeta(d, sd.rows(), sd.writtenBy(), List.copyOf(columns)));
    }
    return out;
  }

  /** Decodes every value of every column of every split-directory, checking each CRC; returns the rows. */
  public long verify() throws IOException {
    long rows = 0;
    for (Path d : dirs) rows += SplitDirectory.open(fs, d).verify(options.maxValueBytes());
    return rows;
  }

  /** One split-directory as its schema file records it. */
  public record SplitDirectoryMeta(Path path, long rows, WrittenBy writtenBy, List<ColumnMeta> columns) {}

  /** One column file as its header and footer record it; bytes is the file's length. */
  public record ColumnMeta(String name, Schema type, ColumnLayout layout, BlockCodec codec, int blocks, long bytes,
      WrittenBy writtenBy) {}
}
