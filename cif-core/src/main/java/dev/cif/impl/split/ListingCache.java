package dev.cif.impl.split;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The listings (and recorded statistics) of split-directories that query planning in this JVM has already
 * seen, so that a table read again costs one listing of its own directory and no listing or getXAttrs call
 * per split-directory (docs/scale-opens.md). Where planning runs in a long-lived process (Hive on Tez: the
 * application master of a session plans query after query; a Spark driver), a merged table of one
 * split-directory then costs one call beyond its opens, as an ORC table does.
 *
 * <p>An entry is used only against a fresh listing of the split-directory's parent, and only while that
 * listing shows the directory as it was when cached: the same modification time and, on HDFS, the same
 * inode. A split-directory is renamed into place whole (its statistics set before), and every later change
 * inside it (a column added, a merge marker deleted) creates, deletes or renames a child, which moves its
 * modification time; a directory deleted and written again under the same name is a new inode. Two changes
 * within one clock tick would leave the time alone, so a directory changed in the last {@link #SETTLED_MILLIS}
 * is not kept, and neither is one on a file system that gives no inode (a local file system's times are as
 * coarse as the kernel's tick, a few milliseconds). Only
 * split-directories are kept: the listing of a directory above them (a partition) holds its children's
 * times as they were, so it is always listed afresh. Block locations in a kept listing may have moved since;
 * planning uses them only as hints where to run a task, and the task opens every file afresh.
 */
public final class ListingCache {
  /** The JVM's cache, shared by every planning call. */
  private static final ListingCache SHARED = new ListingCache();

  /** How long a split-directory must have been unchanged (by this process's clock) to be kept. */
  public static final long SETTLED_MILLIS = 1000;

  private final Map<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long files;
  private long capacity = 50_000;

  /** A split-directory as cached: its identity when listed, its children, and its statistics once asked. */
  static final class Entry {
    final long modified;
    final long inode;
    final FileStatus[] children;
    /** The recorded statistics once read (null inside when there are none); null until asked. */
    volatile Statistics statistics;

    Entry(long modified, long inode, FileStatus[] children) {
      this.modified = modified;
      this.inode = inode;
      this.children = children;
    }
  }

  /** Statistics read for an entry, null inside when the directory records none. */
  record Statistics(DirectoryStatistics value) {}

  /** The shared cache holding at most capacityFiles files' statuses (0: none kept, each call lists afresh). */
  public static ListingCache shared(long capacityFiles) {
    SHARED.resize(capacityFiles);
    return SHARED;
  }

  ListingCache() {}

  private synchronized void resize(long capacityFiles) {
    capacity = Math.max(0, capacityFiles);
    evict();
  }

  /** The cached entry of the directory a fresh listing of its parent shows as status, or null. */
  synchronized Entry get(FileSystem fs, FileStatus status) {
    String key = key(fs, status.getPath());
    Entry e = entries.get(key);
    if (e == null) return null;
    if (e.modified == status.getModificationTime() && e.inode == inode(status)) return e;
    remove(key);
    return null;
  }

  /**
   * Keeps a split-directory's children, listed after its parent's listing showed it as status, and returns
   * its entry; null when it is not kept (too young, no inode, or over the capacity).
   */
  synchronized Entry put(FileSystem fs, FileStatus status, FileStatus[] children) {
    Entry e = new Entry(status.getModificationTime(), inode(status), children);
    if (children.length > capacity || e.inode < 0 || System.currentTimeMillis() - e.modified < SETTLED_MILLIS) return null;
    String key = key(fs, status.getPath());
    remove(key);
    entries.put(key, e);
    files += children.length;
    evict();
    return e;
  }

  synchronized int size() { return entries.size(); }

  private void remove(String key) {
    Entry old = entries.remove(key);
    if (old != null) files -= old.children.length;
  }

  private void evict() {
    var it = entries.entrySet().iterator();
    while (files > capacity && it.hasNext()) {
      files -= it.next().getValue().children.length;
      it.remove();
    }
  }

  private static String key(FileSystem fs, Path p) {
    return fs.makeQualified(p).toString();
  }

  /**
   * HDFS's inode id of a listed entry (HdfsFileStatus.getFileId, found by reflection so that CIF needs no
   * HDFS client at compile time and runs where none is on the classpath), or -1 where the file system has none.
   */
  static long inode(FileStatus status) {
    Method m = FILE_ID.get(status.getClass());
    if (m == null) return -1;
    try {
      return (Long) m.invoke(status);
    } catch (ReflectiveOperationException | ClassCastException e) {
      return -1;
    }
  }

  private static final ClassValue<Method> FILE_ID = new ClassValue<>() {
    @Override
    protected Method computeValue(Class<?> type) {
      try {
        Method m = type.getMethod("getFileId");
        return m.getReturnType() == long.class ? m : null;
      } catch (NoSuchMethodException | SecurityException e) {
        return null;
      }
    }
  };
}
