package dev.cif.placement;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/** Finds the split-directories under a path, with their block locations, in one recursive listing. */
public final class SplitDirectoryScan {
  private SplitDirectoryScan() {
  }

  public static List<SplitLayout> scan(FileSystem fs, Path root) throws IOException {
    Map<String, SplitLayout> byDir = new TreeMap<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
    while (it.hasNext()) {
      LocatedFileStatus f = it.next();
      String path = f.getPath().toUri().getPath();
      if (SplitDirectory.isColumnFile(path)) {
        byDir.computeIfAbsent(SplitDirectory.of(path), SplitLayout::new).add(f);
      }
    }
    for (SplitLayout s : byDir.values()) {
      s.files().sort((a, b) -> a.getPath().compareTo(b.getPath()));
    }
    return new ArrayList<>(byDir.values());
  }
}
