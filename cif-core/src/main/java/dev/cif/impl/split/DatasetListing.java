package dev.cif.impl.split;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.BatchListingOperations;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.PartialListing;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Finds the split-directories of a dataset: a directory holding a schema file is one; any other
 * directory is searched below (so partitioned layouts like dt=.../ work), skipping hidden names
 * ('_' or '.'), which is where in-progress and job-temporary directories live.
 */
public final class DatasetListing {
  private DatasetListing() {}

  public static List<Path> splitDirectories(FileSystem fs, Path path) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Listed l : listed(fs, path)) out.add(l.dir);
    return out;
  }

  /** A split-directory and the listing that found it (so that opening it need not list it again). */
  public static final class Listed {
    public final Path dir;
    public final FileStatus[] files;
    /** Its entry in the listing cache it was found through, or null. */
    private final ListingCache.Entry cached;

    Listed(Path dir, FileStatus[] files) {
      this(dir, files, null);
    }

    Listed(Path dir, FileStatus[] files, ListingCache.Entry cached) {
      this.dir = dir;
      this.files = files;
      this.cached = cached;
    }

    /** Whether {@link #statistics} would answer without a call: the listing cache holds them already. */
    public boolean statisticsKnown() {
      return cached != null && cached.statistics != null;
    }

    /**
     * The statistics recorded on this split-directory, or null ({@link DirectoryStatistics#read}: one getXAttrs
     * call), asked once per version of the directory while the listing cache holds it.
     */
    public DirectoryStatistics statistics(FileSystem fs) {
      if (cached == null) return DirectoryStatistics.read(fs, dir);
      ListingCache.Statistics known = cached.statistics;
      if (known == null) cached.statistics = known = new ListingCache.Statistics(DirectoryStatistics.read(fs, dir));
      return known.value();
    }
  }

  /**
   * The split-directories under path, each with its listing, in the order of {@link #splitDirectories}.
   * Each directory is listed once, with its files' block locations, and nothing else is asked (not even
   * the status of path). Where the file system lists many directories in one call (HDFS's batched
   * listing), the directories of one depth are listed together: a dataset of n split-directories costs
   * about two getListing calls rather than n + 1.
   */
  public static List<Listed> listed(FileSystem fs, Path path) throws IOException {
    return listed(fs, List.of(path));
  }

  /**
   * The split-directories under each of paths (all on fs), in the order of paths, each path's as
   * {@link #listed(FileSystem, Path)} gives them. The paths themselves are listed together too, and every
   * depth below them across all paths, so that a read of many partition directories (Hive passes each
   * as an input) costs about two batched listings, not two per partition.
   */
  public static List<Listed> listed(FileSystem fs, List<Path> paths) throws IOException {
    return listed(fs, paths, null);
  }

  /**
   * As {@link #listed(FileSystem, List)}, but a split-directory that cache holds, unchanged since (its parent's
   * fresh listing tells), is not listed again: a table whose split-directories were all read before costs one
   * listing of its own directory. paths themselves, and every directory above a split-directory, are always
   * listed afresh.
   */
  public static List<Listed> listed(FileSystem fs, List<Path> paths, ListingCache cache) throws IOException {
    List<Path> roots = new ArrayList<>();
    for (Path p : paths) roots.add(fs.makeQualified(p));
    Map<String, FileStatus[]> tops = listAll(fs, roots);
    Map<String, FileStatus[]> listings = new HashMap<>();
    Map<String, ListingCache.Entry> entries = new HashMap<>();
    List<FileStatus> frontier = new ArrayList<>();
    List<Path> datasets = new ArrayList<>();
    for (int i = 0; i < roots.size(); i++) {
      Path root = roots.get(i);
      FileStatus[] top = tops.get(key(root));
      if (top == null) throw new FileNotFoundException("no CIF dataset at " + paths.get(i));
      // Listing a file yields the file itself: a file is no dataset.
      if (top.length == 1 && top[0].isFile() && top[0].getPath().getName().equals(root.getName())
          && SplitDirectoryLayout.schemaGeneration(root.getName()) < 0) {
        continue;
      }
      datasets.add(root);
      if (listings.put(key(root), top) == null) frontier.addAll(toSearch(top));
    }
    while (!frontier.isEmpty()) {
      List<Path> toList = new ArrayList<>();
      for (FileStatus st : frontier) {
        ListingCache.Entry e = cache == null ? null : cache.get(fs, st);
        if (e != null) entries.put(key(st.getPath()), e);
        else toList.add(st.getPath());
      }
      Map<String, FileStatus[]> got = listAll(fs, toList);
      List<FileStatus> next = new ArrayList<>();
      for (FileStatus st : frontier) {
        String k = key(st.getPath());
        ListingCache.Entry e = entries.get(k);
        FileStatus[] children = e != null ? e.children : got.get(k);
        if (children == null) continue; // removed since its parent was listed (a merge, a job's cleanup)
        // Only split-directories are kept: the listing of a directory above them holds its children's times as they were.
        if (e == null && cache != null && isSplitDirectory(children)) {
          ListingCache.Entry kept = cache.put(fs, st, children);
          if (kept != null) entries.put(k, kept);
        }
        // A path given as well as its parent is listed once and searched once.
        if (listings.put(k, children) == null) next.addAll(toSearch(children));
      }
      frontier = next;
    }
    List<Listed> out = new ArrayList<>();
    for (Path root : datasets) {
      List<Listed> found = new ArrayList<>();
      collect(root, listings, entries, found);
      out.addAll(MergeMarkers.visible(found)); // a merged split-directory hides those it replaces (FORMAT.md §4.5)
    }
    return out;
  }

  private static String key(Path p) { return p.toUri().getPath(); }

  private static boolean isSplitDirectory(FileStatus[] children) {
    for (FileStatus c : children) {
      if (c.isFile() && SplitDirectoryLayout.schemaGeneration(c.getPath().getName()) >= 0) return true;
    }
    return false;
  }

  /** The subdirectories to search below a directory: none below a split-directory, no hidden ones. */
  private static List<FileStatus> toSearch(FileStatus[] children) {
    List<FileStatus> out = new ArrayList<>();
    if (isSplitDirectory(children)) return out;
    for (FileStatus c : children) {
      if (c.isDirectory() && !SplitDirectoryLayout.isHidden(c.getPath().getName())) out.add(c);
    }
    return out;
  }

  /** Depth first, in sorted order, from the listings gathered. */
  private static void collect(Path dir, Map<String, FileStatus[]> listings, Map<String, ListingCache.Entry> entries,
      List<Listed> out) {
    FileStatus[] children = listings.get(key(dir));
    if (children == null) return;
    if (isSplitDirectory(children)) {
      out.add(new Listed(dir, children, entries.get(key(dir))));
      return;
    }
    for (FileStatus c : toSearch(children)) collect(c.getPath(), listings, entries, out);
  }

  private static FileStatus[] list(FileSystem fs, Path dir) throws IOException {
    List<FileStatus> all = new ArrayList<>();
    if (fs instanceof RawLocalFileSystem || fs instanceof LocalFileSystem) {
      for (FileStatus st : fs.listStatus(dir)) all.add(locatedLocal(fs, st));
      return sorted(all);
    }
    RemoteIterator<LocatedFileStatus> it = fs.listLocatedStatus(dir);
    while (it.hasNext()) all.add(it.next());
    return sorted(all);
  }

  /**
   * A local file's status with its block locations, made without its permission, owner and group: without
   * Hadoop's native library RawLocalFileSystem loads those by running {@code ls -ld} on the file, and
   * listLocatedStatus copies them into each LocatedFileStatus, so a listing cost one process per file (a
   * Spark local session planned a 4-table query for 15 s, 400 processes). Nothing here reads them.
   */
  private static LocatedFileStatus locatedLocal(FileSystem fs, FileStatus st) throws IOException {
    BlockLocation[] locations = st.isFile() ? fs.getFileBlockLocations(st, 0, st.getLen()) : null;
    return new LocatedFileStatus(st.getLen(), st.isDirectory(), st.getReplication(), st.getBlockSize(), st.getModificationTime(),
        st.getAccessTime(), null, null, null, null, st.getPath(), false, false, false, locations);
  }

  private static FileStatus[] sorted(List<? extends FileStatus> all) {
    FileStatus[] children = all.toArray(new FileStatus[0]);
    Arrays.sort(children);
    return children;
  }

  /** The listings of dirs, by path; dirs no longer there are left out. */
  private static Map<String, FileStatus[]> listAll(FileSystem fs, List<Path> given) throws IOException {
    // Each directory once: a batched listing of a path given twice would return its entries twice.
    Map<String, Path> unique = new LinkedHashMap<>();
    for (Path d : given) unique.putIfAbsent(key(d), d);
    List<Path> dirs = new ArrayList<>(unique.values());
    Map<String, FileStatus[]> out = new HashMap<>();
    if (dirs.size() > 1 && fs instanceof BatchListingOperations) {
      // The NameNode takes at most dfs.batched.ls.limit paths per call.
      int limit = Math.max(1, fs.getConf().getInt("dfs.batched.ls.limit", 100));
      try {
        for (int from = 0; from < dirs.size(); from += limit) {
          List<Path> batch = dirs.subList(from, Math.min(dirs.size(), from + limit));
          Map<String, List<LocatedFileStatus>> parts = new HashMap<>();
          RemoteIterator<PartialListing<LocatedFileStatus>> it = ((BatchListingOperations) fs).batchedListLocatedStatusIterator(batch);
          while (it.hasNext()) {
            PartialListing<LocatedFileStatus> part = it.next();
            List<LocatedFileStatus> got;
            try {
              got = part.get();
            } catch (FileNotFoundException e) {
              continue;
            }
            parts.computeIfAbsent(key(part.getListedPath()), k -> new ArrayList<>()).addAll(got);
          }
          for (Map.Entry<String, List<LocatedFileStatus>> e : parts.entrySet()) out.put(e.getKey(), sorted(e.getValue()));
        }
        return out;
      } catch (UnsupportedOperationException e) {
        out.clear(); // a file system that says it batches but does not (a router, a view): one call per directory
      }
    }
    for (Path d : dirs) {
      try {
        out.put(key(d), list(fs, d));
      } catch (FileNotFoundException e) {
        // removed since its parent was listed
      }
    }
    return out;
  }
}
