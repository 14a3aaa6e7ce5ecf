package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import dev.cif.conf.CifConf;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * cif verify PATH: reads every block of every column file (so every CRC is checked and every value
 * decoded) and checks row counts against the schema file. Exit status 0 means sound, 1 corrupt.
 */
final class VerifyCommand implements Main.Command {
  @Override public String usage() { return "verify PATH   check every checksum and structure; exit status is the verdict"; }

  @Override
  public int run(Configuration conf, String[] argv, PrintStream out) throws Exception {
    Path path = new Path(new Args(argv).path());
    FileSystem fs = path.getFileSystem(conf);
    List<Path> dirs = Cif.splitDirectories(fs, path);
    ReadOptions options = new ReadOptions().maxValueBytes(CifConf.MAX_VALUE_BYTES.getLong(conf));
    int bad = 0;
    long rows = 0;
    for (Path d : dirs) {
      try {
        rows += Cif.createReader(fs, d, options).verify();
      } catch (IOException | RuntimeException e) {
        bad++;
        out.println("CORRUPT " + d + ": " + e.getMessage());
      }
    }
    out.println((bad == 0 ? "OK " : "FAILED ") + path + ": " + dirs.size() + " split-directories, " + bad + " corrupt, "
        + rows + " rows verified");
    return bad == 0 ? 0 : 1;
  }
}
