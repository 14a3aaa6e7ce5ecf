package dev.cif.placement;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.IOUtils;

/**
 * Re-co-locates a split-directory by rewriting column files through the NameNode, where
 * ColumnPlacementPolicy sends every new block of the directory to its home. The smallest file goes
 * first: where its copy lands tells the client what the home is, and files already wholly there are left
 * alone. Each copy is written next to the original under a hidden name that still ends in ".cif" (so the
 * policy treats it as part of the directory, and Hadoop input formats skip it), then renamed over the
 * original, which keeps its new block locations. The copy keeps the original's attributes
 * ({@link KeptAttributes}). A file is never lost: the original is replaced only by an atomic rename of a
 * complete copy, so a repair that dies leaves at most a hidden copy, which the next repair of the
 * directory deletes. Meant for data at rest: a reader holding the old file open fails when its blocks
 * are deleted.
 */
public final class PlacementRepair {
  static final String TEMP_PREFIX = "._cif_repair_";
  private static final long REPLICA_REPORT_WAIT_MILLIS = 30_000;

  private final DistributedFileSystem fs;

  public PlacementRepair(DistributedFileSystem fs) {
    this.fs = fs;
  }

  /**
   * Returns the number of files rewritten, once their replicas are all reported (a block is complete
   * when one replica is; the others' reports follow within a heartbeat or so).
   */
  public int repair(SplitLayout split) throws IOException {
    removeLeftCopies(split);
    List<LocatedFileStatus> files = new java.util.ArrayList<>(split.files());
    files.removeIf(f -> f.getPath().getName().startsWith(TEMP_PREFIX));
    files.removeIf(f -> f.getLen() == 0);
    files.sort((a, b) -> Long.compare(a.getLen(), b.getLen()));
    int rewritten = 0;
    Set<String> home = null;
    for (LocatedFileStatus file : files) {
      if (home != null && allBlocksOn(file, home)) {
        continue;
      }
      KeptAttributes kept = rewrite(file);
      awaitReplicas(file.getPath(), file.getReplication());
      rewritten++;
      if (home == null) {
        home = firstBlockNodes(file.getPath());
      }
      // Last: asking for block locations sets the access time.
      kept.applyAfterWrite(fs, file.getPath());
    }
    return rewritten;
  }

  private KeptAttributes rewrite(LocatedFileStatus file) throws IOException {
    Path original = file.getPath();
    Path temp = new Path(original.getParent(), TEMP_PREFIX + original.getName());
    KeptAttributes kept = KeptAttributes.of(fs, file);
    try {
      try (InputStream in = fs.open(original);
           OutputStream out = fs.create(temp, file.getPermission(), true,
               fs.getConf().getInt("io.file.buffer.size", 4096), file.getReplication(),
               file.getBlockSize(), null)) {
        kept.applyBeforeWrite(fs, temp);
        IOUtils.copyBytes(in, out, 64 * 1024, false);
      }
      fs.rename(temp, original, Options.Rename.OVERWRITE);
      return kept;
    } catch (IOException | RuntimeException e) {
      fs.delete(temp, false);
      throw e;
    }
  }

  /** Copies a repair left behind when it died: never the only copy (the original is still there). */
  private void removeLeftCopies(SplitLayout split) throws IOException {
    for (LocatedFileStatus f : split.files()) {
      if (f.getPath().getName().startsWith(TEMP_PREFIX)) {
        fs.delete(f.getPath(), false);
      }
    }
  }

  private void awaitReplicas(Path path, short replication) throws IOException {
    long deadline = System.currentTimeMillis() + REPLICA_REPORT_WAIT_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      boolean all = true;
      for (BlockLocation b : fs.getFileBlockLocations(path, 0, Long.MAX_VALUE)) {
        all &= b.getNames().length >= replication;
      }
      if (all) {
        return;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("waiting for replicas of " + path);
      }
    }
  }

  private Set<String> firstBlockNodes(Path path) throws IOException {
    BlockLocation[] blocks = fs.getFileBlockLocations(path, 0, 1);
    return blocks.length == 0 ? null : SplitLayout.nodes(blocks[0]);
  }

  private static boolean allBlocksOn(LocatedFileStatus file, Set<String> home) {
    Set<Set<String>> sets = new HashSet<>();
    for (BlockLocation b : file.getBlockLocations()) {
      sets.add(SplitLayout.nodes(b));
    }
    return sets.size() == 1 && sets.contains(home);
  }
}
