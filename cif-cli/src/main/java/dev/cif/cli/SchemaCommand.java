package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.CifReader;
import dev.cif.ReadOptions;
import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** cif schema PATH: the dataset's schema as Avro JSON (that of its first split-directory). */
public final class SchemaCommand implements Command {
  @Override public String name() { return "schema"; }

  @Override public String summary() { return "the dataset's schema (Avro JSON)"; }

  @Override
  public String help() {
    return "usage: cif schema PATH [--conf DIR]\n"
        + "Prints the schema of PATH's first split-directory as Avro JSON.";
  }

  @Override
  public int run(ClientConf client, String[] argv, PrintStream out) throws Exception {
    Configuration conf = client.configuration();
    Path path = new Path(new Args(argv).path());
    FileSystem fs = path.getFileSystem(conf);
    CifReader reader = Cif.createReader(fs, path, new ReadOptions());
    if (reader.splitDirectories().isEmpty()) throw new IllegalArgumentException("no split-directories under " + path);
    out.println(reader.schema().toString(true));
    return 0;
  }
}
