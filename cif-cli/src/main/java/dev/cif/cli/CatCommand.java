package dev.cif.cli;

import dev.cif.conf.CifConf;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.SplitRecordReader;
import dev.cif.split.DatasetListing;
import dev.cif.split.SplitDirectory;
import java.io.PrintStream;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** cif cat PATH [--columns a,b] [--limit n]: records as JSON lines. */
final class CatCommand implements Main.Command {
  @Override public String usage() { return "cat PATH [--columns a,b] [--limit N]   records as JSON lines"; }

  @Override
  public int run(Configuration conf, String[] argv, PrintStream out) throws Exception {
    Args a = new Args(argv);
    Path path = new Path(a.path());
    long limit = a.getLong("limit", Long.MAX_VALUE);
    FileSystem fs = path.getFileSystem(conf);
    List<Path> dirs = DatasetListing.splitDirectories(fs, path);
    if (dirs.isEmpty()) return 0;
    Projection p = Projection.of(SplitDirectory.open(fs, dirs.get(0)).schema(), a.get("columns", ""));
    long n = 0;
    try (SplitRecordReader r = new SplitRecordReader(fs, dirs, p, RecordType.LAZY, CifConf.MAX_VALUE_BYTES.getLong(conf))) {
      while (n < limit && r.next()) {
        out.println(GenericData.get().toString(r.current()));
        n++;
      }
    }
    return 0;
  }
}
