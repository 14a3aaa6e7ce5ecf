package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.command.UsageException;
import java.io.PrintStream;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * cif add-column PATH --name N --type AVRO_TYPE_JSON [--default JSON]: adds a column holding its default
 * to every split-directory, writing one new file in each and rewriting none. (Columns computed from
 * other columns are added through Cif.addColumn with a function.)
 */
public final class AddColumnCommand implements Command {
  @Override public String name() { return "add-column"; }

  @Override public String summary() { return "adds a column holding a default to every split-directory"; }

  @Override
  public String help() {
    return "usage: cif add-column PATH --name N --type AVRO_TYPE_JSON [--default JSON] [--conf DIR]\n"
        + "Writes one new column file per split-directory and rewrites none; --default is needed unless the type is nullable.";
  }

  @Override
  public int run(ClientConf client, String[] argv, PrintStream out) throws Exception {
    Configuration conf = client.configuration();
    Args a = new Args(argv);
    Path path = new Path(a.path());
    String type = a.require("type");
    Schema s = new Schema.Parser().parse(type.trim().startsWith("{") || type.trim().startsWith("[") || type.trim().startsWith("\"")
        ? type : "\"" + type + "\"");
    String dflt = a.get("default", null);
    Object def = dflt == null ? (s.getType() == Schema.Type.UNION || s.getType() == Schema.Type.NULL ? Schema.Field.NULL_DEFAULT_VALUE : null)
        : new com.fasterxml.jackson.databind.ObjectMapper().readValue(dflt, Object.class);
    if (def == null) throw new UsageException("--default is needed for a column that is not nullable");
    Schema.Field field = new Schema.Field(a.require("name"), s, null, def);
    int n = Cif.addColumn(path.getFileSystem(conf), path, field, null, Cif.writeOptions(conf));
    out.println("added column " + field.name() + " to " + n + " split-directories");
    return 0;
  }
}
