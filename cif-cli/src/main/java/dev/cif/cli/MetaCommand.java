package dev.cif.cli;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.column.ColumnFileReader;
import dev.cif.conf.CifConf;
import dev.cif.split.DatasetListing;
import dev.cif.split.SplitDirectory;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** cif meta PATH: split-directories, rows, and per column its type, layout, codec, blocks and size. */
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
    List<Path> dirs = DatasetListing.splitDirectories(fs, path);
    long rows = 0;
    long bytes = 0;
    for (Path d : dirs) {
      SplitDirectory sd = SplitDirectory.open(fs, d);
      rows += sd.rows();
      out.printf(Locale.ROOT, "split-directory %s: %d rows%n", d, sd.rows());
      out.printf(Locale.ROOT, "  %-24s %-30s %-9s %-6s %7s %12s%n", "column", "type", "layout", "codec", "blocks", "bytes");
      for (Schema.Field f : sd.schema().getFields()) {
        FileStatus st = sd.columnFile(f.name());
        bytes += st.getLen();
        try (ColumnFileReader r = sd.openColumn(f.name(), CifConf.MAX_VALUE_BYTES.getLong(conf))) {
          out.printf(Locale.ROOT, "  %-24s %-30s %-9s %-6s %7d %12d%n", f.name(), abbreviate(f.schema().toString()),
              r.spec().layout, r.spec().codec, r.blockCount(), st.getLen());
        }
      }
    }
    out.printf(Locale.ROOT, "dataset %s: %d split-directories, %d rows, %d bytes of column files%n", path, dirs.size(), rows, bytes);
    return 0;
  }

  private static String abbreviate(String s) { return s.length() <= 30 ? s : s.substring(0, 27) + "..."; }
}
