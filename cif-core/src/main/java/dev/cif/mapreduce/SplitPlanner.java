package dev.cif.mapreduce;

import dev.cif.conf.CifConf;
import dev.cif.split.DatasetListing;
import dev.cif.split.SplitDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Turns input paths into splits: each split-directory is one split (or consecutive ones are combined
 * up to cif.split.max-bytes). A split's length is the bytes of its projected columns, and its hosts
 * are the datanodes holding most of those bytes: with ColumnPlacementPolicy, the nodes holding all.
 */
public final class SplitPlanner {
  private SplitPlanner() {}

  public static List<ColumnSplit> plan(Configuration conf, Path[] inputs) throws IOException {
    Set<String> columns = columnsOf(conf);
    long maxBytes = CifConf.SPLIT_MAX_BYTES.getLong(conf);
    List<ColumnSplit> splits = new ArrayList<>();
    List<Path> group = new ArrayList<>();
    Map<String, Long> groupHosts = new HashMap<>();
    long groupBytes = 0;
    for (Path input : inputs) {
      FileSystem fs = input.getFileSystem(conf);
      for (Path dir : DatasetListing.splitDirectories(fs, input)) {
        Set<String> files = projectedFiles(fs, dir, columns);
        Map<String, Long> hosts = new HashMap<>();
        long bytes = 0;
        RemoteIterator<LocatedFileStatus> it = fs.listLocatedStatus(dir);
        while (it.hasNext()) {
          LocatedFileStatus st = it.next();
          if (files != null && !files.contains(st.getPath().getName())) continue;
          bytes += st.getLen();
          for (BlockLocation b : st.getBlockLocations()) {
            for (String h : b.getHosts()) hosts.merge(h, b.getLength(), Long::sum);
          }
        }
        if (!group.isEmpty() && (maxBytes <= 0 || groupBytes + bytes > maxBytes)) {
          splits.add(new ColumnSplit(group, groupBytes, topHosts(groupHosts)));
          group = new ArrayList<>();
          groupHosts = new HashMap<>();
          groupBytes = 0;
        }
        group.add(dir);
        groupBytes += bytes;
        for (Map.Entry<String, Long> e : hosts.entrySet()) groupHosts.merge(e.getKey(), e.getValue(), Long::sum);
      }
    }
    if (!group.isEmpty()) splits.add(new ColumnSplit(group, groupBytes, topHosts(groupHosts)));
    return splits;
  }

  /** The names of the files of the projected columns of one split-directory; null means all files. */
  private static Set<String> projectedFiles(FileSystem fs, Path dir, Set<String> columns) throws IOException {
    if (columns == null) return null;
    SplitDirectory sd = SplitDirectory.open(fs, dir);
    Set<String> files = new HashSet<>();
    for (String c : columns) {
      String f = sd.schemaFile().fileOf(c);
      if (f != null) files.add(f);
    }
    return files;
  }

  private static Set<String> columnsOf(Configuration conf) {
    String s = CifConf.COLUMNS.getString(conf);
    if (s == null || s.trim().isEmpty()) return null;
    Set<String> out = new HashSet<>();
    for (String c : s.split(",")) if (!c.trim().isEmpty()) out.add(c.trim());
    return out;
  }

  /** Up to three hosts, most bytes first. */
  static String[] topHosts(Map<String, Long> hosts) {
    return hosts.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(3).map(Map.Entry::getKey).toArray(String[]::new);
  }
}
