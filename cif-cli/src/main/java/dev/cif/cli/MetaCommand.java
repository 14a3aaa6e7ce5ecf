package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.CifReader;
import dev.cif.ReadOptions;
import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.conf.CifConf;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** cif meta PATH: split-directories, rows, the writer of each, and per column its type, layout, codec, blocks and size. */
public final class MetaCommand implements Command {
  @Override public String name() { return "meta"; }

  @Override public String summary() { return "split-directories, rows, and per column its type, layout, codec, blocks and bytes"; }

  @Override
  public String help() {
    return "usage: cif meta PATH [--conf DIR]\n"
        + "PATH is a dataset (a directory of split-directories) or one split-directory, on any file system Hadoop's\n"
        + "client configuration reaches ($HADOOP_CONF_DIR, --conf DIR).";
  }

  @Override
  public int run(ClientConf client, String[] argv, PrintStream out) throws Exception {
    Configuration conf = client.configuration();
    Path path = new Path(new Args(argv).path());
    FileSystem fs = path.getFileSystem(conf);
    List<CifReader.SplitDirectoryMeta> dirs = Cif.createReader(fs, path,
        new ReadOptions().maxValueBytes(CifConf.MAX_VALUE_BYTES.getLong(conf))).describe();
    long rows = 0;
    long bytes = 0;
    for (CifReader.SplitDirectoryMeta sd : dirs) {
      rows += sd.rows();
      out.printf(Locale.ROOT, "split-directory %s: %d rows, written by %s%n", sd.path(), sd.rows(), sd.writtenBy());
      out.printf(Locale.ROOT, "  %-24s %-30s %-9s %-6s %7s %12s%n", "column", "type", "layout", "codec", "blocks", "bytes");
      for (CifReader.ColumnMeta c : sd.columns()) {
        bytes += c.bytes();
        out.printf(Locale.ROOT, "  %-24s %-30s %-9s %-6s %7d %12d%n", c.name(), abbreviate(c.type().toString()),
            c.layout(), c.codec(), c.blocks(), c.bytes());
      }
    }
    out.printf(Locale.ROOT, "dataset %s: %d split-directories, %d rows, %d bytes of column files%n", path, dirs.size(), rows, bytes);
    return 0;
  }

  private static String abbreviate(String s) { return s.length() <= 30 ? s : s.substring(0, 27) + "..."; }
}
