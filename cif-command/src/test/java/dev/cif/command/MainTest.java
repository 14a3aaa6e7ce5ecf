package dev.cif.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dispatcher as bin/cif runs it: the command list, --help, --conf and HADOOP_CONF_DIR, one-line failures. */
class MainTest {
  @TempDir Path tmp;

  private record Run(int status, String out, String err) {}

  private static Run cif(String hadoopConfDir, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args, hadoopConfDir, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private Path siteDir(String name, String value) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(name));
    Files.writeString(dir.resolve("core-site.xml"), "<configuration><property><name>fs.defaultFS</name><value>" + value
        + "</value></property></configuration>");
    return dir;
  }

  @Test
  void listsTheCommandsAndTheIndex() {
    Run help = cif(null, "--help");
    assertEquals(0, help.status);
    assertTrue(help.out.contains("echo-conf") && help.out.contains("prints a setting"), help.out);
    assertEquals("echo-conf\tprints a setting\n", cif(null, "--commands").out);
  }

  @Test
  void printsACommandsHelpOnStandardOutput() {
    Run help = cif(null, "echo-conf", "--help");
    assertEquals(0, help.status);
    assertEquals("usage: cif echo-conf KEY\nprints KEY's value in the client configuration\n", help.out);
    assertEquals("", help.err);
  }

  @Test
  void confDirectoryWinsOverHadoopConfDir() throws Exception {
    Path env = siteDir("env", "hdfs://from-env:8020");
    Path conf = siteDir("conf", "hdfs://from-conf:8020");
    assertEquals("hdfs://from-env:8020 false\n", cif(env.toString(), "echo-conf", "fs.defaultFS").out);
    assertEquals("hdfs://from-conf:8020 true\n", cif(env.toString(), "echo-conf", "--conf", conf.toString(), "fs.defaultFS").out);
  }

  @Test
  void aNodeOfTheTopologyTableThatDoesNotResolveIsNamed() throws Exception {
    // HDFS's client gives up on a block whose DataNodes' names do not resolve without naming them.
    Path conf = Files.createDirectories(tmp.resolve("cluster"));
    Path table = Files.writeString(conf.resolve("topology.table"), "127.0.0.2 /rack1\nnode7.cif.test /rack1\n");
    Files.writeString(conf.resolve("core-site.xml"), "<configuration><property><name>net.topology.table.file.name</name><value>"
        + table + "</value></property></configuration>");
    Run r = cif(null, "echo-conf", "--conf", conf.toString(), "block-missing");
    assertEquals(1, r.status);
    assertTrue(r.err.startsWith("cif echo-conf: cannot resolve host node7.cif.test ("), r.err);
    assertEquals("cif echo-conf: Could not obtain block: blk_1 file=/t/schema-0000.cif\n", cif(null, "echo-conf", "block-missing").err);
  }

  @Test
  void failuresAreOneLine() {
    Run usage = cif(null, "echo-conf");
    assertEquals(2, usage.status);
    assertEquals("cif echo-conf: expected one KEY\nusage: cif echo-conf KEY\n", usage.err);
    Run host = cif(null, "echo-conf", "unknown-host");
    assertEquals(1, host.status);
    assertEquals(1, host.err.lines().count(), host.err);
    assertTrue(host.err.startsWith("cif echo-conf: cannot resolve host node3.cif.test"), host.err);
    Run unknown = cif(null, "no-such");
    assertEquals(2, unknown.status);
    Run missingConf = cif(null, "echo-conf", "--conf", tmp.resolve("none").toString(), "k");
    assertEquals(2, missingConf.status);
  }
}
