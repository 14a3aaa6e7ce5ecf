package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import dev.cif.RowReader;
import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.conf.CifConf;
import java.io.PrintStream;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** cif cat PATH [--columns a,b] [--limit n]: records as JSON lines. */
public final class CatCommand implements Command {
  @Override public String name() { return "cat"; }

  @Override public String summary() { return "records as JSON lines"; }

  @Override
  public String help() {
    return "usage: cif cat PATH [--columns a,b] [--limit N] [--conf DIR]\n"
        + "  --columns a,b   only these columns (default: all)\n"
        + "  --limit N       at most N records";
  }

  @Override
  public int run(ClientConf client, String[] argv, PrintStream out) throws Exception {
    Configuration conf = client.configuration();
    Args a = new Args(argv);
    Path path = new Path(a.path());
    long limit = a.getLong("limit", Long.MAX_VALUE);
    FileSystem fs = path.getFileSystem(conf);
    List<Path> dirs = Cif.splitDirectories(fs, path);
    if (dirs.isEmpty()) return 0;
    ReadOptions options = new ReadOptions().columns(a.get("columns", "")).maxValueBytes(CifConf.MAX_VALUE_BYTES.getLong(conf));
    long n = 0;
    try (RowReader r = options.open(fs, dirs)) {
      while (n < limit && r.next()) {
        out.println(GenericData.get().toString(r.current()));
        n++;
      }
    }
    return 0;
  }
}
