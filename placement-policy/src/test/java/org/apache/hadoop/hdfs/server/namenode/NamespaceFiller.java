package org.apache.hadoop.hdfs.server.namenode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.fs.XAttr;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.PermissionStatus;
import org.apache.hadoop.hdfs.XAttrHelper;

/**
 * Fills a NameNode's namespace fast for a benchmark: directories and home attributes go straight into
 * the in-memory namespace under the write lock, without the edit log (a million logged operations take
 * most of an hour on a loaded machine); {@code saveNamespace} then writes them to an fsimage, from which
 * the measured NameNodes start like any other.
 */
public final class NamespaceFiller {
  private NamespaceFiller() {
  }

  /** Adds directories {@code names} under the existing directory {@code parent}. */
  public static void addDirectories(FSNamesystem fsn, String parent, List<String> names,
      PermissionStatus perm) throws IOException {
    fsn.writeLock();
    try {
      FSDirectory fsd = fsn.getFSDirectory();
      INodesInPath p = fsd.getINodesInPath(parent, FSDirectory.DirOp.WRITE);
      long now = System.currentTimeMillis();
      for (String name : names) {
        INodeDirectory dir = new INodeDirectory(fsd.allocateNewInodeId(),
            name.getBytes(StandardCharsets.UTF_8), perm, now);
        if (fsd.addLastINode(p, dir, perm.getPermission(), true) == null) {
          throw new IOException("cannot add " + parent + "/" + name);
        }
      }
    } finally {
      fsn.writeUnlock("fill");
    }
  }

  /** Records {@code home} on {@code dir} as the policy does, without logging it. */
  public static void setHome(FSNamesystem fsn, String dir, String home) throws IOException {
    XAttr attr = XAttrHelper.buildXAttr(HomeAttribute.NAME, home.getBytes(StandardCharsets.UTF_8));
    fsn.writeLock();
    try {
      FSDirectory fsd = fsn.getFSDirectory();
      FSDirXAttrOp.unprotectedSetXAttrs(fsd, fsd.getINodesInPath(dir, FSDirectory.DirOp.WRITE),
          List.of(attr), EnumSet.of(XAttrSetFlag.CREATE));
    } finally {
      fsn.writeUnlock("fill");
    }
  }
}
