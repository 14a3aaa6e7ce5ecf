package dev.cif.embedded.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriteOptions;
import dev.cif.impl.split.DatasetWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/**
 * bin/cif pig runs a Pig Latin statement over CIF in local mode and prints what it dumps; a script that
 * fails on a corrupted column ends with one line naming file, column and offset.
 */
class PigShellTest {
  /** docs/cluster.md writes {@code bin/cif pig --cluster -f script.pig}: --conf DIR comes first there. */
  @Test
  void takesTheClusterConfigurationBeforeOrAfterTheScript() {
    for (String[] args : List.of(new String[] {"--conf", "c", "-f", "s.pig"}, new String[] {"-f", "s.pig", "--conf", "c"})) {
      PigShell.Invocation call = PigShell.Invocation.parse(args);
      assertEquals("s.pig", call.scriptFile(), String.join(" ", args));
      assertEquals(new java.io.File("c"), call.cluster(), String.join(" ", args));
    }
    assertEquals(new PigShell.Invocation("DUMP x;", null, null), PigShell.Invocation.parse(new String[] {"-e", "DUMP x;"}));
  }

  @Test
  void anythingElseIsAUsageError() throws Exception {
    for (String[] args : List.of(new String[] {}, new String[] {"--conf", "c"}, new String[] {"-f"}, new String[] {"-f", "a", "-e", "b"},
        new String[] {"--conf", "c", "--conf", "d", "-f", "s"}, new String[] {"-x", "s"})) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int rc = PigShell.run(new Configuration(), args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(2, rc, String.join(" ", args));
      assertEquals(PigShell.USAGE + "\n", err.toString(StandardCharsets.UTF_8), String.join(" ", args));
    }
  }

  @Test
  void aCorruptColumnEndsTheScriptWithItsRootCause() throws Exception {
    Path dir = dev.cif.testing.TempDirs.create("pig-shell-corrupt");
    org.apache.hadoop.fs.Path data = write(dir, 3000);
    Path names;
    try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
      names = files.filter(p -> p.getFileName().toString().endsWith("-name.cif")).findFirst().orElseThrow();
    }
    dev.cif.testing.Corruption.flipMiddleByteUnderChecksumFs(names);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = PigShell.run(new Configuration(), new String[] {"-e",
        "t = LOAD '" + data + "' USING dev.cif.pig.CifLoader(); f = FILTER t BY name == 'n7'; DUMP f;"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    String said = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, rc, said);
    List<String> lines = said.lines().toList();
    assertEquals(1, lines.size(), said);
    assertTrue(lines.get(0).startsWith("cif pig: FAILED: ") && lines.get(0).contains("checksum mismatch [file ")
        && lines.get(0).contains(names.getFileName().toString()) && lines.get(0).contains(", column name, offset "), said);
  }

  /** A CIF dataset of ids and names n0, n1, ... with the default write options. */
  static org.apache.hadoop.fs.Path write(Path dir, int rows) throws Exception {
    Schema s = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"T\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"name\",\"type\":\"string\"}]}");
    Configuration conf = new Configuration();
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(dir.resolve("t").toUri());
    try (DatasetWriter w = new DatasetWriter(FileSystem.getLocal(conf), data, "p", s, new WriteOptions())) {
      for (int i = 0; i < rows; i++) {
        GenericData.Record r = new GenericData.Record(s);
        r.put("id", i);
        r.put("name", "n" + i);
        w.write(r);
      }
    }
    return data;
  }

  @Test
  void dumpsACifDataset() throws Exception {
    org.apache.hadoop.fs.Path data = write(dev.cif.testing.TempDirs.create("pig-shell"), 5);
    Configuration conf = new Configuration();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    int rc = PigShell.run(conf, new String[] {"-e",
        "t = LOAD '" + data + "' USING dev.cif.pig.CifLoader(); f = FILTER t BY id >= 3; DUMP f;"},
        new PrintStream(buf, true, StandardCharsets.UTF_8));
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, printed);
    assertTrue(printed.contains("(3,n3)") && printed.contains("(4,n4)") && !printed.contains("(2,n2)"), printed);
  }
}
