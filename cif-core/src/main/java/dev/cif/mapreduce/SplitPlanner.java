package dev.cif.mapreduce;

import dev.cif.ReadOptions;
import dev.cif.conf.CifConf;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.impl.pushdown.BlockStatisticsFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Turns input paths into splits: each split-directory is one split (or consecutive ones are combined
 * up to cif.split.max-bytes), or one whose projected bytes exceed cif.split.part-bytes is cut into parts
 * (ranges of its rows, see {@link DirectoryPart}); one whose block statistics rule out the pushed predicate is left out. A split's length is the bytes of its projected columns, and its hosts
 * are the datanodes holding most of those bytes: with ColumnPlacementPolicy, the nodes holding all.
 * Each split-directory is listed once (by {@link DatasetListing}); the block locations of its
 * projected files are looked up file by file when they are few, else by one located listing.
 */
public final class SplitPlanner {
  private SplitPlanner() {}

  /** Splits for the job's read settings (projection and predicate of {@link ReadOptions#fromConf}). */
  public static List<ColumnSplit> plan(Configuration conf, Path[] inputs) throws IOException {
    return plan(conf, inputs, ReadOptions.fromConf(conf));
  }

  /** Splits sized by the options' columns, leaving out split-directories their predicate rules out. */
  public static List<ColumnSplit> plan(Configuration conf, Path[] inputs, ReadOptions options) throws IOException {
    Set<String> columns = columnsOf(options);
    BlockStatisticsFilter filter = BlockStatisticsFilter.of(options);
    long maxBytes = CifConf.SPLIT_MAX_BYTES.getLong(conf);
    long partBytes = CifConf.SPLIT_PART_BYTES.getLong(conf);
    List<ColumnSplit> splits = new ArrayList<>();
    List<Path> group = new ArrayList<>();
    Map<String, Long> groupHosts = new HashMap<>();
    long groupBytes = 0;
    for (Path input : inputs) {
      FileSystem fs = input.getFileSystem(conf);
      for (DatasetListing.Listed listed : DatasetListing.listed(fs, input)) {
        Path dir = listed.dir;
        SplitDirectory sd = columns == null && filter == null ? null : SplitDirectory.open(fs, listed);
        if (filter != null && !filter.mayMatch(sd)) continue;
        Set<String> files = projectedFiles(sd, columns);
        Map<String, Long> hosts = new HashMap<>();
        long bytes = 0;
        for (FileStatus st : listed.files) {
          if (st.isFile() && (files == null || files.contains(st.getPath().getName()))) bytes += st.getLen();
        }
        for (BlockLocation b : blockLocations(fs, listed, files)) {
          for (String h : b.getHosts()) hosts.merge(h, b.getLength(), Long::sum);
        }
        int parts = DirectoryPart.partsOf(bytes, partBytes);
        if (!group.isEmpty() && (parts > 1 || maxBytes <= 0 || groupBytes + bytes > maxBytes)) {
          splits.add(new ColumnSplit(group, groupBytes, topHosts(groupHosts)));
          group = new ArrayList<>();
          groupHosts = new HashMap<>();
          groupBytes = 0;
        }
        if (parts > 1) {
          // A large split-directory is read by several tasks, each a range of its rows (DirectoryPart).
          String[] top = topHosts(hosts);
          for (int k = 0; k < parts; k++) splits.add(ColumnSplit.part(dir, bytes, top, k, parts));
          continue;
        }
        group.add(dir);
        groupBytes += bytes;
        for (Map.Entry<String, Long> e : hosts.entrySet()) groupHosts.merge(e.getKey(), e.getValue(), Long::sum);
      }
    }
    if (!group.isEmpty()) splits.add(new ColumnSplit(group, groupBytes, topHosts(groupHosts)));
    return splits;
  }

  /** Projections of at most this many files look their blocks up file by file (one call each on HDFS). */
  static final int LOCATE_FILE_BY_FILE = 4;

  /** The blocks of the named files of a split-directory (all its files if names is null). */
  private static List<BlockLocation> blockLocations(FileSystem fs, DatasetListing.Listed listed, Set<String> names)
      throws IOException {
    List<BlockLocation> out = new ArrayList<>();
    if (names != null && names.size() <= LOCATE_FILE_BY_FILE) {
      for (FileStatus st : listed.files) {
        if (names.contains(st.getPath().getName())) out.addAll(Arrays.asList(fs.getFileBlockLocations(st, 0, st.getLen())));
      }
      return out;
    }
    RemoteIterator<LocatedFileStatus> it = fs.listLocatedStatus(listed.dir);
    while (it.hasNext()) {
      LocatedFileStatus st = it.next();
      if (names == null || names.contains(st.getPath().getName())) out.addAll(Arrays.asList(st.getBlockLocations()));
    }
    return out;
  }

  /** The names of the files of the projected columns of one split-directory; null means all files. */
  private static Set<String> projectedFiles(SplitDirectory sd, Set<String> columns) {
    if (columns == null) return null;
    Set<String> files = new HashSet<>();
    for (String c : columns) {
      String f = sd.schemaFile().fileOf(c);
      if (f != null) files.add(f);
    }
    return files;
  }

  /**
   * The projected columns, or null to size by every file: also when none is projected (a count), so
   * that such a split still goes where its split-directory lives.
   */
  private static Set<String> columnsOf(ReadOptions options) {
    List<String> names = options.columns();
    return names == null || names.isEmpty() ? null : new HashSet<>(names);
  }

  /** Up to three hosts, most bytes first. */
  static String[] topHosts(Map<String, Long> hosts) {
    return hosts.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(3).map(Map.Entry::getKey).toArray(String[]::new);
  }
}
