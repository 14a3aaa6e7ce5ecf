package dev.cif.impl.split;

import dev.cif.MergeOptions;
import dev.cif.MergeResult;
import dev.cif.impl.column.BlockStats;
import dev.cif.impl.column.ColumnFileConcatenation;
import dev.cif.impl.io.ConcurrentClose;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Merges small split-directories into larger ones by concatenating their columns' encoded blocks
 * ({@link ColumnFileConcatenation}; docs/FORMAT.md §4.5, docs/scale-merge.md). Split-directories are
 * merged only with siblings (the same table or partition directory) whose schema file schema and
 * every column file header are identical, grouped in name order up to the target size.
 *
 * <p>The switch is one rename. The merged split-directory is written under a hidden name
 * ({@value #MERGING_PREFIX}name) holding a marker {@code _replaces.<old>} per replaced sibling
 * ({@link MergeMarkers}); renaming it into view hides the old ones from every listing at once; then
 * the old ones are deleted, then the markers. A merge killed before the rename leaves a hidden
 * directory (the next merge deletes it), after it a visible merged directory with markers (the next
 * merge deletes what they name and then them); readers see the whole table throughout. One merge per
 * directory at a time: a second one would delete the first one's hidden directory.
 */
public final class SplitDirectoryMerger {
  /** A merged split-directory being written; hidden from listings. */
  public static final String MERGING_PREFIX = "_cif-merging.";

  /**
   * Columns concatenated at once: each holds an HDFS output stream (with up to 80 packets of 64 KiB
   * queued) and an input stream, so a table of hundreds of columns is merged sixteen at a time.
   */
  static final int COLUMNS_AT_ONCE = 16;

  /** Where a test stops a merge as a kill would (an Error no cleanup code catches). */
  interface Steps {
    void reached(String step) throws IOException;
  }

  private final FileSystem fs;
  private final MergeOptions options;
  private final Steps steps;

  SplitDirectoryMerger(FileSystem fs, MergeOptions options, Steps steps) {
    this.fs = fs;
    this.options = options;
    this.steps = steps;
  }

  /** Merges the small split-directories under path (a table, a partition, or any directory of them). */
  public static MergeResult merge(FileSystem fs, Path path, MergeOptions options) throws IOException {
    return new SplitDirectoryMerger(fs, options, step -> { }).run(path);
  }

  /** A split-directory that may be merged: its listing, size, schema, and key (schema and column headers). */
  private static final class Candidate {
    final DatasetListing.Listed listed;
    final long bytes;
    final SplitDirectory dir;
    final String key;

    Candidate(DatasetListing.Listed listed, long bytes, SplitDirectory dir, String key) {
      this.listed = listed;
      this.bytes = bytes;
      this.dir = dir;
      this.key = key;
    }
  }

  MergeResult run(Path path) throws IOException {
    List<DatasetListing.Listed> all = DatasetListing.listed(fs, path);
    int finished = 0;
    Map<Path, List<DatasetListing.Listed>> byParent = new LinkedHashMap<>();
    for (DatasetListing.Listed l : all) {
      if (!options.dryRun() && !MergeMarkers.replacedNames(l.files).isEmpty()) {
        finishSwitched(l);
        finished++;
      }
      byParent.computeIfAbsent(l.dir.getParent(), p -> new ArrayList<>()).add(l);
    }
    Map<Path, List<Path>> merges = new LinkedHashMap<>();
    long bytesMerged = 0;
    for (Map.Entry<Path, List<DatasetListing.Listed>> e : byParent.entrySet()) {
      if (!options.dryRun()) deleteUnswitched(e.getKey());
      for (List<Candidate> group : plan(e.getValue())) {
        Path merged = options.dryRun() ? new Path(e.getKey(), newName(e.getKey(), merges.size())) : mergeGroup(e.getKey(), group, merges.size());
        List<Path> old = new ArrayList<>();
        for (Candidate c : group) {
          old.add(c.listed.dir);
          bytesMerged += c.bytes;
        }
        merges.put(merged, old);
      }
    }
    return new MergeResult(all.size(), merges, bytesMerged, finished);
  }

  /** Groups of two or more compatible small split-directories of one parent, each at most the target size. */
  private List<List<Candidate>> plan(List<DatasetListing.Listed> siblings) throws IOException {
    Map<String, List<Candidate>> open = new LinkedHashMap<>();
    List<List<Candidate>> groups = new ArrayList<>();
    Map<List<Candidate>, Long> sizes = new java.util.IdentityHashMap<>();
    for (DatasetListing.Listed l : siblings) {
      long bytes = 0;
      for (FileStatus f : l.files) bytes += f.isFile() ? f.getLen() : 0;
      if (bytes >= options.targetBytes()) continue;
      SplitDirectory dir = SplitDirectory.open(fs, l);
      Candidate c = new Candidate(l, bytes, dir, key(dir));
      List<Candidate> g = open.get(c.key);
      if (g != null && sizes.get(g) + bytes > options.targetBytes()) {
        groups.add(g);
        g = null;
      }
      if (g == null) {
        g = new ArrayList<>();
        open.put(c.key, g);
        sizes.put(g, 0L);
      }
      g.add(c);
      sizes.put(g, sizes.get(g) + bytes);
    }
    groups.addAll(open.values());
    groups.removeIf(g -> g.size() < 2);
    return groups;
  }

  /**
   * What must be equal for blocks to be concatenated: the schema and every column file's header
   * (column, type, layout, codec, skip levels, format version, writer). Split-directories that added a
   * column ({@code ColumnAdder}) merge only with ones that added the same column the same way.
   */
  private String key(SplitDirectory dir) throws IOException {
    StringBuilder sb = new StringBuilder(dir.schema().toString());
    for (Schema.Field f : dir.schema().getFields()) {
      FileStatus st = dir.columnFile(f.name());
      try (FSDataInputStream in = fs.open(st.getPath())) {
        sb.append('\n').append(new String(ColumnFileConcatenation.header(in, st.getPath().toString(), st.getLen()), StandardCharsets.ISO_8859_1));
      }
    }
    return sb.toString();
  }

  private String newName(Path parent, int n) {
    return String.format(Locale.ROOT, "merged-%d-%03d", System.currentTimeMillis(), n);
  }

  /** Writes the merged split-directory of group hidden, switches to it, deletes the old ones; returns it. */
  private Path mergeGroup(Path parent, List<Candidate> group, int n) throws IOException {
    Path dir = new Path(parent, newName(parent, n));
    while (fs.exists(dir)) dir = new Path(parent, newName(parent, n));
    Path hidden = new Path(parent, MERGING_PREFIX + dir.getName());
    Schema schema = group.get(0).dir.schema();
    long rows = 0;
    try {
      if (!fs.mkdirs(hidden)) throw new IOException("cannot create " + hidden);
      for (Candidate c : group) rows += c.dir.rows();
      DirectoryStatistics.Builder stats = new DirectoryStatistics.Builder(rows);
      List<String> files = new ArrayList<>();
      List<Schema.Field> fields = schema.getFields();
      // The columns side by side, each read, written and closed on a thread of its own: the work is
      // waits on HDFS (reads, the write pipeline, a close's wait for its last block; ConcurrentClose).
      List<ConcurrentClose.Task> columns = new ArrayList<>();
      List<List<BlockStats>> blockStats = new ArrayList<>(Collections.nCopies(fields.size(), null));
      List<List<Integer>> blockRows = new ArrayList<>(Collections.nCopies(fields.size(), null));
      for (int i = 0; i < fields.size(); i++) {
        Schema.Field field = fields.get(i);
        String name = SplitDirectoryLayout.columnFileName(i, field.name());
        files.add(name);
        List<FileStatus> inputs = new ArrayList<>();
        for (Candidate c : group) inputs.add(c.dir.columnFile(field.name()));
        int column = i;
        columns.add(() -> {
          try (FSDataOutputStream out = fs.create(new Path(hidden, name), false)) {
            ColumnFileConcatenation.concatenate(fs, inputs, out, options.maxValueBytes(), (s, r) -> {
              blockStats.set(column, s);
              blockRows.set(column, r);
            });
          }
        });
      }
      ConcurrentClose.all(columns, COLUMNS_AT_ONCE);
      for (int i = 0; i < fields.size(); i++) {
        stats.add(fields.get(i).name(), fields.get(i).schema(), blockStats.get(i), blockRows.get(i));
        steps.reached("column " + i);
      }
      for (Candidate c : group) {
        fs.create(new Path(hidden, MergeMarkers.PREFIX + c.listed.dir.getName()), false).close();
      }
      steps.reached("markers");
      new SchemaFile(schema, rows, files).write(fs, new Path(hidden, SplitDirectoryLayout.schemaFileName(0)));
      // On the hidden directory, as the writer does, so that the statistics become visible with it.
      DirectoryStatistics.record(fs, hidden, stats);
      steps.reached("written");
    } catch (IOException | RuntimeException e) {
      fs.delete(hidden, true); // nothing was visible: the old split-directories still hold every row
      throw e;
    }
    commitSplitDirectory(hidden, dir);
    steps.reached("switched");
    retire(dir, fs.listStatus(dir));
    return dir;
  }

  /**
   * Makes a finished merged split-directory visible: the one rename that switches readers from the
   * split-directories it replaces to it. The one place a merge commits a split-directory.
   */
  void commitSplitDirectory(Path hidden, Path dir) throws IOException {
    if (!fs.rename(hidden, dir)) throw new IOException("could not rename " + hidden + " to " + dir);
  }

  /** Deletes the split-directories a visible merged one replaces, then its markers. */
  private void retire(Path merged, FileStatus[] mergedFiles) throws IOException {
    long mergedAt = MergeMarkers.newestSchemaTime(mergedFiles);
    List<String> names = MergeMarkers.replacedNames(mergedFiles);
    for (String name : names) {
      Path old = new Path(merged.getParent(), name);
      FileStatus[] oldFiles;
      try {
        oldFiles = fs.listStatus(old);
      } catch (FileNotFoundException gone) {
        continue;
      }
      // A younger split-directory under a freed name is not the one replaced (see MergeMarkers).
      if (MergeMarkers.replacedBy(oldFiles, mergedAt) && !fs.delete(old, true) && fs.exists(old)) {
        throw new IOException("could not delete " + old + ", replaced by " + merged);
      }
      steps.reached("deleted " + name);
    }
    for (String name : names) fs.delete(new Path(merged, MergeMarkers.PREFIX + name), false);
    steps.reached("cleaned");
  }

  /** Finishes a merge killed after its switch: the listing already hides what it replaces. */
  private void finishSwitched(DatasetListing.Listed merged) throws IOException {
    retire(merged.dir, merged.files);
  }

  /** Deletes merged split-directories whose writing was killed before their switch (hidden, unread). */
  private void deleteUnswitched(Path parent) throws IOException {
    for (FileStatus st : fs.listStatus(parent)) {
      if (st.isDirectory() && st.getPath().getName().startsWith(MERGING_PREFIX)) fs.delete(st.getPath(), true);
    }
  }
}
