package dev.cif.impl.evolve;

import dev.cif.WriteOptions;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.impl.record.LazyRecord;
import dev.cif.impl.record.RowCursor;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SchemaFile;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.impl.split.SplitDirectoryLayout;
import dev.cif.record.Projection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Adds a column to an existing dataset (paper §4.3) by writing one new column file into each
 * split-directory, then a schema file of the next generation that lists it. No existing file is
 * rewritten. The column file is unreferenced until the new schema file is renamed into place, so a
 * reader sees each split-directory with or without the column, never half of it; running the adder
 * again after a failure finishes the split-directories that lack the column. It sits above both
 * split (what it writes) and record (how it reads the rows a computed value comes from), so neither
 * of those depends on the other through it.
 */
public final class ColumnAdder {
  private ColumnAdder() {}

  /**
   * @param field the new column (its default is used where compute is null)
   * @param compute computes the value from the existing row (a LazyRecord: only the columns it
   *     reads are decoded), or null to write the default
   * @return the number of split-directories the column was added to
   */
  public static int addColumn(FileSystem fs, Path dataset, Schema.Field field, Function<GenericRecord, Object> compute,
      WriteOptions opts) throws IOException {
    if (compute == null && !field.hasDefaultValue()) {
      throw new IllegalArgumentException("column " + field.name() + " needs a default or a function");
    }
    int added = 0;
    for (Path dir : DatasetListing.splitDirectories(fs, dataset)) {
      SplitDirectory sd = SplitDirectory.open(fs, dir);
      if (sd.hasColumn(field.name())) continue;
      addTo(fs, sd, field, compute, opts);
      added++;
    }
    return added;
  }

  private static void addTo(FileSystem fs, SplitDirectory sd, Schema.Field field, Function<GenericRecord, Object> compute,
      WriteOptions opts) throws IOException {
    SchemaFile old = sd.schemaFile();
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : old.schema.getFields()) fields.add(new Schema.Field(f, f.schema()));
    Schema.Field copy = new Schema.Field(field, field.schema());
    fields.add(copy);
    Schema next = Schema.createRecord(old.schema.getName(), old.schema.getDoc(), old.schema.getNamespace(), false, fields);
    dev.cif.schema.CifSchemas.validate(next);

    int ordinal = fields.size() - 1;
    String name = SplitDirectoryLayout.columnFileName(ordinal, field.name());
    Path file = new Path(sd.path(), name);
    // Written under a hidden name and renamed whole: a reader that finds column files by name (docs/FORMAT.md
    // §4.1) never meets half a column file, even if the adder dies while writing it.
    Path tmp = new Path(sd.path(), SplitDirectoryLayout.IN_PROGRESS_PREFIX + name);
    ColumnSpec spec = ColumnSpec.of(copy, opts);
    Object constant = compute == null ? GenericData.get().getDefaultValue(field) : null;
    try (RowCursor cursor = new RowCursor(fs, Collections.singletonList(sd.path()), Projection.of(old.schema, ""), opts.maxValueBytes());
         ColumnFileWriter w = new ColumnFileWriter(fs.create(tmp, true), spec, opts.blockBytes(), opts.maxValueBytes())) {
      LazyRecord row = new LazyRecord(cursor);
      while (cursor.advance()) w.write(compute == null ? constant : compute.apply(row));
    }
    fs.delete(file, false); // a whole file a failed earlier run left unreferenced
    if (!fs.rename(tmp, file)) throw new IOException("could not rename " + tmp + " to " + file);
    List<String> files = new ArrayList<>(old.files);
    files.add(name);
    int generation = 0;
    for (org.apache.hadoop.fs.FileStatus st : fs.listStatus(sd.path())) {
      generation = Math.max(generation, SplitDirectoryLayout.schemaGeneration(st.getPath().getName()));
    }
    new SchemaFile(next, old.rows, files).write(fs, new Path(sd.path(), SplitDirectoryLayout.schemaFileName(generation + 1)));
  }
}
