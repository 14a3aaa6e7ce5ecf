package dev.cif.mapreduce;

import dev.cif.ReadOptions;
import dev.cif.conf.CifConf;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.DirectoryStatistics;
import dev.cif.impl.split.ListingCache;
import dev.cif.impl.split.SplitDirectoryLayout;
import dev.cif.pushdown.Predicate;
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

/**
 * Turns input paths into splits: each split-directory is one split (or consecutive ones of one directory, a table's
 * or a partition's, are combined up to cif.split.max-bytes), or one whose projected bytes exceed
 * cif.split.part-bytes is cut into parts (ranges of its rows, see {@link DirectoryPart}). Planning opens no file:
 * each directory is listed once with its files' block locations ({@link DatasetListing}), a split's length is the
 * bytes of its projected column files (found by name in the listing, docs/FORMAT.md §4.2; all files when the names
 * do not tell), and its hosts are the datanodes holding most of those bytes: with ColumnPlacementPolicy, the nodes
 * holding all. With a pushed predicate, a split-directory whose recorded statistics ({@link DirectoryStatistics},
 * one getXAttrs call) rule it out is left out; one without them is judged by the task from the footers it reads
 * anyway, and so is the only split-directory of a scan, unless its statistics are already known (one call to learn,
 * at best, that the scan is empty). A predicate statistics cannot use ({@link DirectoryStatistics#canRuleOut}:
 * Hive's IS NOT NULL on join keys, filters it could not translate) costs no call at all. The listing travels in the
 * split, so the task lists nothing and asks for no file's status. The inputs of one file system are listed together
 * (partition directories: two batched listings for up to 100, not two each). A split-directory planned before in
 * this JVM and unchanged since is neither listed nor asked for its statistics again ({@link ListingCache}, up to
 * cif.split.listing-cache.files files): a table read again costs one listing of its directory.
 */
public final class SplitPlanner {
  private SplitPlanner() {}

  /** Splits for the job's read settings (projection and predicate of {@link ReadOptions#fromConf}). */
  public static List<ColumnSplit> plan(Configuration conf, Path[] inputs) throws IOException {
    return plan(conf, inputs, ReadOptions.fromConf(conf));
  }

  /** Splits sized by the options' columns, leaving out split-directories their predicate rules out. */
  public static List<ColumnSplit> plan(Configuration conf, Path[] inputs, ReadOptions options) throws IOException {
    return plan(conf, inputs, options, 0);
  }

  /**
   * As {@link #plan(Configuration, Path[], ReadOptions)}, with the number of splits the engine asks for
   * (the {@code numSplits} of the mapred API: Hive on Tez asks for its available task slots, MapReduce for
   * mapreduce.job.maps; 0 or 1 asks nothing). As Hadoop's FileInputFormat aims at total / numSplits bytes a
   * split, a split-directory holding more than that share is cut into parts of about that size, so a table
   * merged into one split-directory is read by as many tasks as it was before the merge. The share only
   * lowers cif.split.part-bytes, never below cif.split.min-part-bytes: every part opens each projected
   * column file again (a getBlockLocations call each), and parts smaller than the engine groups into one
   * task anyway (Tez: tez.grouping.min-size, 50 MB) would add calls and no parallelism.
   */
  public static List<ColumnSplit> plan(Configuration conf, Path[] inputs, ReadOptions options, int wantedSplits)
      throws IOException {
    List<Planned> planned = listed(conf, inputs, options);
    long partBytes = partBytes(conf, planned, wantedSplits);
    long maxBytes = CifConf.SPLIT_MAX_BYTES.getLong(conf);
    List<ColumnSplit> splits = new ArrayList<>();
    List<Path> group = new ArrayList<>();
    List<FileStatus[]> groupListings = new ArrayList<>();
    Map<String, Long> groupHosts = new HashMap<>();
    int groupReplicas = 0;
    long groupBytes = 0;
    for (Planned p : planned) {
      int parts = DirectoryPart.partsOf(p.bytes, partBytes);
      // Only split-directories of one parent are combined: an engine takes a split's partition values from its
      // path (Hive: the partition directory holding the split's first split-directory).
      boolean otherParent = maxBytes > 0 && !group.isEmpty() && !p.dir.getParent().equals(group.get(0).getParent());
      if (!group.isEmpty() && (parts > 1 || maxBytes <= 0 || otherParent || groupBytes + p.bytes > maxBytes)) {
        splits.add(new ColumnSplit(group, groupListings, groupBytes, topHosts(groupHosts, groupReplicas)));
        group = new ArrayList<>();
        groupListings = new ArrayList<>();
        groupHosts = new HashMap<>();
        groupReplicas = 0;
        groupBytes = 0;
      }
      if (parts > 1) {
        // A large split-directory is read by several tasks, each a range of its rows (DirectoryPart).
        String[] top = topHosts(p.hosts, p.replicas);
        for (int k = 0; k < parts; k++) splits.add(ColumnSplit.part(p.dir, p.files, p.bytes, top, k, parts));
        continue;
      }
      group.add(p.dir);
      groupListings.add(p.files);
      groupBytes += p.bytes;
      groupReplicas = Math.max(groupReplicas, p.replicas);
      for (Map.Entry<String, Long> e : p.hosts.entrySet()) groupHosts.merge(e.getKey(), e.getValue(), Long::sum);
    }
    if (!group.isEmpty()) splits.add(new ColumnSplit(group, groupListings, groupBytes, topHosts(groupHosts, groupReplicas)));
    return splits;
  }

  /** cif.split.part-bytes, lowered to the engine's share of the projected bytes but not below cif.split.min-part-bytes. */
  static long partBytes(Configuration conf, List<Planned> planned, int wantedSplits) {
    long partBytes = CifConf.SPLIT_PART_BYTES.getLong(conf);
    if (wantedSplits <= 1 || partBytes <= 0) return partBytes;
    long total = 0;
    for (Planned p : planned) total += p.bytes;
    long share = (total + wantedSplits - 1) / wantedSplits;
    return Math.min(partBytes, Math.max(CifConf.SPLIT_MIN_PART_BYTES.getLong(conf), share));
  }

  /**
   * A split-directory to read: its listing, the bytes of its projected files, the hosts holding them and the
   * most replicas any of their blocks has.
   */
  static final class Planned {
    final Path dir;
    final FileStatus[] files;
    final long bytes;
    final Map<String, Long> hosts;
    final int replicas;

    Planned(Path dir, FileStatus[] files, long bytes, Map<String, Long> hosts, int replicas) {
      this.dir = dir;
      this.files = files;
      this.bytes = bytes;
      this.hosts = hosts;
      this.replicas = replicas;
    }
  }

  /** A split-directory as listed, and the file system it was listed on. */
  private record Found(FileSystem fs, DatasetListing.Listed listed) {}

  /** The split-directories of the inputs, each listed once, less those whose statistics rule the predicate out. */
  private static List<Planned> listed(Configuration conf, Path[] inputs, ReadOptions options) throws IOException {
    Set<String> columns = columnsOf(options);
    Predicate predicate = options.predicate();
    // Statistics cost a getXAttrs call per split-directory: asked for only where they could rule one out.
    boolean judged = predicate != null && DirectoryStatistics.canRuleOut(predicate);
    ListingCache cache = ListingCache.shared(CifConf.SPLIT_LISTING_CACHE_FILES.getLong(conf));
    List<Found> found = new ArrayList<>();
    for (int from = 0; from < inputs.length; ) {
      // Consecutive inputs on one file system (Hive's partition directories) are listed together.
      FileSystem fs = inputs[from].getFileSystem(conf);
      int to = from + 1;
      while (to < inputs.length && sameFileSystem(fs, inputs[to].getFileSystem(conf))) to++;
      for (DatasetListing.Listed listed : DatasetListing.listed(fs, Arrays.asList(inputs).subList(from, to), cache)) {
        found.add(new Found(fs, listed));
      }
      from = to;
    }
    // A scan of one split-directory asks for no statistics it does not already know: they could only show that the
    // scan returns nothing, which a query seldom asks for, and the task skips such blocks by the footers it reads
    // anyway; every first read of a merged dimension table would otherwise pay a call for it (docs/scale-opens.md).
    boolean single = found.size() == 1;
    List<Planned> planned = new ArrayList<>();
    for (Found f : found) {
      DatasetListing.Listed listed = f.listed();
      FileSystem fs = f.fs();
      if (judged && (!single || listed.statisticsKnown()) && DirectoryStatistics.supported(fs, listed.dir)) {
        DirectoryStatistics stats = listed.statistics(fs);
        if (stats != null && !stats.mayMatch(predicate)) continue;
      }
      Map<String, Long> hosts = new HashMap<>();
      int replicas = 0;
      long bytes = 0;
      for (FileStatus st : projectedFiles(listed.files, columns)) {
        bytes += st.getLen();
        if (st instanceof LocatedFileStatus) {
          for (BlockLocation b : ((LocatedFileStatus) st).getBlockLocations()) {
            replicas = Math.max(replicas, b.getHosts().length);
            for (String h : b.getHosts()) hosts.merge(h, b.getLength(), Long::sum);
          }
        }
      }
      planned.add(new Planned(listed.dir, listed.files, bytes, hosts, replicas));
    }
    return planned;
  }

  /**
   * The files of the projected columns of one split-directory, found by name; all its files when no column
   * is projected (a count, so that such a split still goes where its split-directory lives), or when a
   * column's name fits no file or several (the schema file would tell, but planning opens nothing).
   */
  private static List<FileStatus> projectedFiles(FileStatus[] listing, Set<String> columns) {
    List<FileStatus> all = new ArrayList<>();
    for (FileStatus st : listing) if (st.isFile()) all.add(st);
    if (columns == null) return all;
    Map<String, List<FileStatus>> byPart = new HashMap<>();
    for (FileStatus st : all) {
      String part = SplitDirectoryLayout.readablePartOf(st.getPath().getName());
      if (part != null) byPart.computeIfAbsent(part, p -> new ArrayList<>()).add(st);
    }
    List<FileStatus> out = new ArrayList<>();
    for (String c : columns) {
      List<FileStatus> fit = byPart.getOrDefault(SplitDirectoryLayout.readablePart(c), List.of());
      if (fit.size() > 1) return all;
      out.addAll(fit);
    }
    return out;
  }

  /** The projected columns, or null to size by every file. */
  private static Set<String> columnsOf(ReadOptions options) {
    List<String> names = options.columns();
    return names == null || names.isEmpty() ? null : new HashSet<>(names);
  }

  private static boolean sameFileSystem(FileSystem a, FileSystem b) {
    return a == b || a.getUri().equals(b.getUri());
  }

  /**
   * The hosts holding most bytes, most first: as many as a block has replicas (at least 3), as Hadoop's
   * FileInputFormat names a split's hosts. Before, always 3: a table written with 4 replicas, on every node of a
   * 4-node cluster, named 3 of them, and a task the scheduler placed on the fourth ran rack-local although that
   * node held all of its data.
   */
  static String[] topHosts(Map<String, Long> hosts, int replicas) {
    return hosts.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(Math.max(3, replicas)).map(Map.Entry::getKey).toArray(String[]::new);
  }
}
