package org.apache.hadoop.hdfs.server.namenode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.fs.XAttr;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.hdfs.XAttrHelper;
import org.apache.hadoop.hdfs.server.namenode.snapshot.Snapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A split-directory's home kept in the namespace: the extended attribute {@value #NAME} of the
 * directory, holding the datanode UUIDs of its home in order, comma-separated. CoHadoop kept its
 * locators in the namespace for the same reason: what the NameNode persists (fsimage and edits, which an
 * HA standby tails) survives a restart and a failover, while a home inferred from block locations is only
 * as good as the block reports received so far.
 *
 * <p>It lives in the NameNode's package because writing an attribute without a client's permission
 * check, and logging it to the edit log, are package-private there. Written with the namesystem write
 * lock held (taken here when the caller holds no namesystem lock), so the attribute reaches the edit log
 * before the block that needed it is allocated. Datanode UUIDs are the stable identity: a datanode keeps
 * its UUID across restarts and address changes.
 */
public final class HomeAttribute {
  /** The attribute's name; {@code trusted.} keeps it away from users, visible to the superuser. */
  public static final String NAME = "trusted.cif.home";
  private static final Logger LOG = LoggerFactory.getLogger(HomeAttribute.class);

  private HomeAttribute() {
  }

  /** The recorded home of {@code dir}, or null when it has none (or is not a directory). */
  public static List<String> read(FSNamesystem fsn, String dir) {
    fsn.readLock();
    try {
      INode node = fsn.getFSDirectory().getINode(dir);
      return node == null || !node.isDirectory() ? null : decode(node);
    } catch (Exception e) {
      LOG.debug("cannot read the home of {}", dir, e);
      return null;
    } finally {
      fsn.readUnlock("cif-placement-home");
    }
  }

  /**
   * Records {@code uuids} as the home of {@code dir} and returns whether the namespace now holds it.
   * Refuses (false) where the namespace may not change: safe mode, a standby, or a caller holding only
   * the read lock (a lock cannot be upgraded); the caller then tries again with a later block.
   */
  public static boolean write(FSNamesystem fsn, String dir, List<String> uuids) {
    boolean heldWrite = fsn.hasWriteLock();
    if (!heldWrite && fsn.hasReadLock()) {
      return false;
    }
    if (!heldWrite) {
      fsn.writeLock();
    }
    boolean logged = false;
    try {
      if (fsn.isInStandbyState() || fsn.isInSafeMode()) {
        return false;
      }
      FSDirectory fsd = fsn.getFSDirectory();
      INodesInPath iip = fsd.getINodesInPath(dir, FSDirectory.DirOp.WRITE);
      INode node = iip.getLastINode();
      if (node == null || !node.isDirectory()) {
        return false;
      }
      if (uuids.equals(decode(node))) {
        return true;
      }
      List<XAttr> attrs = List.of(XAttrHelper.buildXAttr(NAME,
          String.join(",", uuids).getBytes(StandardCharsets.UTF_8)));
      FSDirXAttrOp.unprotectedSetXAttrs(fsd, iip, attrs,
          EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE));
      fsd.getEditLog().logSetXAttrs(iip.getPath(), attrs, false);
      logged = true;
      return true;
    } catch (Exception e) {
      // Best effort: an unrecorded home is recorded with a later block, never a failed write.
      LOG.warn("CIF placement: cannot record the home of {}", dir, e);
      return false;
    } finally {
      if (!heldWrite) {
        fsn.writeUnlock("cif-placement-home");
        if (logged) {
          fsn.getEditLog().logSync();
        }
      }
    }
  }

  /** What one walk of the namespace saw and cost. */
  public record Walk(long homes, long directories, long millis, long maxLockHoldNanos,
      boolean complete) {
  }

  /** Takes a recorded home; returns false to stop the walk (a newer load superseded this one). */
  public interface HomeVisitor {
    boolean visit(String dir, List<String> home);
  }

  /**
   * Visits every directory that has a recorded home. Walks the namespace by inode id, taking the read
   * lock for {@code directoriesPerLock} directories at a time and releasing it in between, so that a
   * large namespace never holds it long and writers (block allocations, edits) interleave with the
   * walk. A directory renamed or deleted between two batches is simply missed or skipped: the policy
   * reads a home it does not hold in memory from the directory itself. Between two batches it runs
   * {@code betweenBatches}, without the lock (the policy's throttle).
   */
  public static Walk forEach(FSNamesystem fsn, int directoriesPerLock, Runnable betweenBatches,
      HomeVisitor visitor) {
    long start = System.nanoTime();
    long homes = 0;
    long dirs = 0;
    long maxHold = 0;
    Deque<Long> pending = new ArrayDeque<>();
    pending.push(INodeId.ROOT_INODE_ID);
    while (!pending.isEmpty()) {
      if (dirs > 0) {
        betweenBatches.run();
      }
      fsn.readLock();
      long locked = System.nanoTime();
      try {
        for (int n = 0; n < directoriesPerLock && !pending.isEmpty(); n++) {
          INode node = fsn.getFSDirectory().getInode(pending.pop());
          if (node == null || !node.isDirectory()) {
            continue;
          }
          dirs++;
          List<String> home = decode(node);
          if (home != null) {
            homes++;
            if (!visitor.visit(node.getFullPathName(), home)) {
              return new Walk(homes, dirs, (System.nanoTime() - start) / 1_000_000,
                  Math.max(maxHold, System.nanoTime() - locked), false);
            }
          }
          for (INode child : node.asDirectory().getChildrenList(Snapshot.CURRENT_STATE_ID)) {
            if (child.isDirectory()) {
              pending.push(child.getId());
            }
          }
        }
      } catch (Exception e) {
        LOG.warn("CIF placement: cannot list recorded homes", e);
        return new Walk(homes, dirs, (System.nanoTime() - start) / 1_000_000, maxHold, false);
      } finally {
        maxHold = Math.max(maxHold, System.nanoTime() - locked);
        fsn.readUnlock("cif-placement-homes");
      }
    }
    return new Walk(homes, dirs, (System.nanoTime() - start) / 1_000_000, maxHold, true);
  }

  private static List<String> decode(INode node) throws java.io.IOException {
    XAttr attr = XAttrStorage.readINodeXAttrByPrefixedName(node, Snapshot.CURRENT_STATE_ID, NAME);
    if (attr == null || attr.getValue() == null || attr.getValue().length == 0) {
      return null;
    }
    return Arrays.asList(new String(attr.getValue(), StandardCharsets.UTF_8).split(","));
  }
}
