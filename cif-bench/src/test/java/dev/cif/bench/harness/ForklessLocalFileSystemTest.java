package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForklessLocalFileSystemTest {

  @TempDir File tmp;

  @Test
  void listsWhatTheStandardLocalFileSystemListsWithTheSameOwnership() throws IOException {
    File file = new File(tmp, "a.cif");
    Files.writeString(file.toPath(), "abc");
    Files.setPosixFilePermissions(file.toPath(), PosixFilePermissions.fromString("rw-r-----"));
    Configuration conf = ForklessLocalFileSystem.configure(new Configuration());
    Path dir = new Path(tmp.getAbsolutePath());
    FileSystem forkless = dir.getFileSystem(conf);
    assertTrue(forkless instanceof ForklessLocalFileSystem, forkless.getClass().getName());
    FileSystem standard = FileSystem.newInstanceLocal(new Configuration());

    FileStatus expected = standard.getFileStatus(new Path(dir, "a.cif"));
    FileStatus[] listed = forkless.listStatus(dir);
    assertEquals(1, listed.length, "the .crc side file stays hidden");
    for (FileStatus actual : new FileStatus[] {listed[0], forkless.getFileStatus(new Path(dir, "a.cif"))}) {
      assertEquals(expected.getPath(), actual.getPath());
      assertEquals(3, actual.getLen());
      assertEquals(expected.getPermission(), actual.getPermission());
      assertEquals(expected.getOwner(), actual.getOwner());
      assertEquals(expected.getGroup(), actual.getGroup());
    }
    assertEquals("rw-r-----", listed[0].getPermission().toString());
    assertTrue(forkless.listFiles(dir, false).hasNext());
  }
}
