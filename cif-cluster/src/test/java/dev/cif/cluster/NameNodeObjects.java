package dev.cif.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * What one table costs the NameNode: its directories and files (inodes, from getContentSummary, the table's
 * own directory included) and its blocks (the located listing), and for a CIF table its split-directories
 * (directories holding .cif column files) and their median size in bytes (issue #30's merge target).
 */
record NameNodeObjects(long directories, long files, long blocks, long bytes, int splitDirectories, long medianSplitDirectory) {
  static final String HEADER = "| format | table | directories | files | blocks | NameNode objects | bytes | split-dirs | median split-dir bytes |\n"
      + "|---|---|---|---|---|---|---|---|---|\n";

  static NameNodeObjects of(FileSystem fs, Path table) throws IOException {
    ContentSummary summary = fs.getContentSummary(table);
    long blocks = 0;
    Map<Path, Long> splitDirs = new LinkedHashMap<>();
    Map<Path, Long> dirBytes = new LinkedHashMap<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(table, true);
    while (it.hasNext()) {
      LocatedFileStatus f = it.next();
      blocks += f.getBlockLocations().length;
      dirBytes.merge(f.getPath().getParent(), f.getLen(), Long::sum);
      if (f.getPath().getName().endsWith(".cif")) splitDirs.put(f.getPath().getParent(), 0L);
    }
    List<Long> sizes = new ArrayList<>();
    for (Path d : splitDirs.keySet()) sizes.add(dirBytes.get(d));
    sizes.sort(null);
    long median = sizes.isEmpty() ? 0 : sizes.size() % 2 == 1 ? sizes.get(sizes.size() / 2)
        : (sizes.get(sizes.size() / 2 - 1) + sizes.get(sizes.size() / 2)) / 2;
    return new NameNodeObjects(summary.getDirectoryCount(), summary.getFileCount(), blocks, summary.getLength(), sizes.size(), median);
  }

  long objects() { return directories + files + blocks; }

  /** A row of the per-table table (without its line end). */
  String row(String format, String table) {
    return String.format("| %s | %s | %d | %d | %d | %d | %,d | %s | %s |", format, table, directories, files, blocks, objects(), bytes,
        splitDirectories == 0 ? "n/a" : String.valueOf(splitDirectories), splitDirectories == 0 ? "n/a" : String.format("%,d", medianSplitDirectory));
  }
}
