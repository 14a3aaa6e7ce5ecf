package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.CifReader;
import dev.cif.ReadOptions;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** cif schema PATH: the dataset's schema as Avro JSON (that of its first split-directory). */
final class SchemaCommand implements Main.Command {
  @Override public String usage() { return "schema PATH   the dataset's schema (Avro JSON)"; }

  @Override
  public int run(Configuration conf, String[] argv, PrintStream out) throws Exception {
    Path path = new Path(new Args(argv).path());
    FileSystem fs = path.getFileSystem(conf);
    CifReader reader = Cif.createReader(fs, path, new ReadOptions());
    if (reader.splitDirectories().isEmpty()) throw new IllegalArgumentException("no split-directories under " + path);
    out.println(reader.schema().toString(true));
    return 0;
  }
}
