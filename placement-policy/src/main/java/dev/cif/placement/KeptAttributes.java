package dev.cif.placement;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclUtil;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;

/**
 * What a rewritten file must keep of the original beyond its bytes, replication and block size: owner,
 * group, permission, ACL, extended attributes, modification and access times, and a storage policy of
 * its own. Read from the original before anything is written, applied to the copy before it replaces
 * the original (the times once the copy is in place: closing and locating blocks set them). A repair run by an administrator must not hand a table's files to the administrator,
 * so where HDFS refuses one of these (changing the owner needs the superuser) the copy is abandoned
 * with an error that says which attribute and why.
 */
final class KeptAttributes {
  private final Path original;
  private final String owner;
  private final String group;
  private final FsPermission permission;
  private final List<AclEntry> acl;
  private final Map<String, byte[]> xattrs;
  private final long modificationTime;
  private final long accessTime;
  private final String storagePolicy;

  private KeptAttributes(FileSystem fs, FileStatus status) throws IOException {
    this.original = status.getPath();
    this.owner = status.getOwner();
    this.group = status.getGroup();
    this.permission = status.getPermission();
    this.acl = status.hasAcl() ? fs.getAclStatus(original).getEntries() : List.of();
    this.xattrs = fs.getXAttrs(original);
    this.modificationTime = status.getModificationTime();
    this.accessTime = status.getAccessTime();
    // A policy inherited from the directory is inherited by the copy too; only one of the file's own
    // (differing from its directory's) is set, so that the copy still follows its directory.
    String own = fs.getStoragePolicy(original).getName();
    String inherited = fs.getStoragePolicy(original.getParent()).getName();
    this.storagePolicy = own.equals(inherited) ? null : own;
  }

  static KeptAttributes of(FileSystem fs, FileStatus status) throws IOException {
    return new KeptAttributes(fs, status);
  }

  /** Before the copy's bytes: everything but the times (closing the copy sets them). */
  void applyBeforeWrite(FileSystem fs, Path copy) throws IOException {
    try {
      fs.setOwner(copy, owner, group);
    } catch (AccessControlException e) {
      throw new IOException("cannot keep the owner " + owner + ":" + group + " of " + original
          + " (changing a file's owner needs the HDFS superuser): run repair as the superuser", e);
    }
    fs.setPermission(copy, permission);
    if (!acl.isEmpty()) {
      fs.setAcl(copy, AclUtil.getAclFromPermAndEntries(permission, acl));
    }
    for (Map.Entry<String, byte[]> x : xattrs.entrySet()) {
      fs.setXAttr(copy, x.getKey(), x.getValue());
    }
    if (storagePolicy != null) {
      fs.setStoragePolicy(copy, storagePolicy);
    }
  }

  /** After the copy is closed and has replaced the original (renaming keeps a file's times). */
  void applyAfterWrite(FileSystem fs, Path copy) throws IOException {
    fs.setTimes(copy, modificationTime, accessTime);
  }
}
