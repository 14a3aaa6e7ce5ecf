package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import dev.cif.command.ClientConf;
import dev.cif.command.Command;
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
public final class VerifyCommand implements Command {
  @Override public String name() { return "verify"; }

  @Override public String summary() { return "checks every checksum and structure; the exit status is the verdict"; }

  @Override
  public String help() {
    return "usage: cif verify PATH [--conf DIR]\n"
        + "Reads every block of every column file. Exit status 0: sound; 1: some split-directory is corrupt (named on stdout).";
  }

  @Override
  public int run(ClientConf client, String[] argv, PrintStream out) throws Exception {
    Configuration conf = client.configuration();
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
