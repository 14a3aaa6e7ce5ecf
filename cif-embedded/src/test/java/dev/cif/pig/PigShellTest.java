package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.split.DatasetWriter;
import dev.cif.split.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/** bin/cif pig runs a Pig Latin statement over CIF in local mode and prints what it dumps. */
class PigShellTest {
  @Test
  void dumpsACifDataset() throws Exception {
    Path dir = Files.createTempDirectory("pig-shell");
    Schema s = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"T\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"name\",\"type\":\"string\"}]}");
    Configuration conf = new Configuration();
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(dir.resolve("t").toUri());
    try (DatasetWriter w = new DatasetWriter(FileSystem.getLocal(conf), data, "p", s, new WriteOptions())) {
      for (int i = 0; i < 5; i++) {
        GenericData.Record r = new GenericData.Record(s);
        r.put("id", i);
        r.put("name", "n" + i);
        w.write(r);
      }
    }
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    int rc = PigShell.run(conf, new String[] {"-e",
        "t = LOAD '" + data + "' USING dev.cif.pig.CifLoader(); f = FILTER t BY id >= 3; DUMP f;"},
        new PrintStream(buf, true, StandardCharsets.UTF_8));
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, printed);
    assertTrue(printed.contains("(3,n3)") && printed.contains("(4,n4)") && !printed.contains("(2,n2)"), printed);
  }
}
