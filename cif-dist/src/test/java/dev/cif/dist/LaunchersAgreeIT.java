package dev.cif.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.dist.UnpackedDistribution.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The distribution's bin/cif against the source tree's: the same command list, the same {@code --help} of every
 * command (on stdout, exit status 0), the same answers of the file commands on one dataset. One command is the
 * source tree's alone: {@code spark-sql} runs on Spark 4.2's own jars (278 MB, a hundred more licences), which the
 * distribution does not ship; a Spark user brings Spark and puts spark-cif's jar on {@code --jars} (docs/spark.md).
 */
class LaunchersAgreeIT {
  /** The source tree's commands the distribution leaves out (bin/cif drops them when their classpath is absent). */
  private static final List<String> SOURCE_ONLY = List.of("spark-sql");

  private static UnpackedDistribution dist;

  @BeforeAll
  static void unpack() throws Exception {
    dist = UnpackedDistribution.get();
  }

  private static Run source(String... args) throws Exception {
    return dist.sourceCif(Map.of(), args);
  }

  private static void assertSame(Run expected, Run actual, String what) {
    assertEquals(expected.exit(), actual.exit(), what + ": " + expected.all() + "\n---\n" + actual.all());
    assertEquals(expected.out(), actual.out(), what);
  }

  private static String withoutSourceOnly(String help) {
    return help.lines().filter(l -> SOURCE_ONLY.stream().noneMatch(c -> l.trim().startsWith(c + " ")))
        .map(l -> l + "\n").reduce("", String::concat);
  }

  @Test
  void listTheSameCommandsWithTheSameHelp() throws Exception {
    Run sourceList = source("--help");
    assertEquals(0, sourceList.exit(), sourceList.all());
    Run distList = dist.cif("--help");
    assertEquals(0, distList.exit(), distList.all());
    assertEquals(withoutSourceOnly(sourceList.out()), distList.out(), "cif --help");
    List<String> commands = sourceList.out().lines().filter(l -> l.startsWith("  "))
        .map(l -> l.trim().split("\\s+")[0]).toList();
    assertTrue(commands.containsAll(List.of("meta", "schema", "cat", "verify", "add-column", "hive", "pig", "bench",
        "bench-sql", "demo", "placement", "cluster")), commands.toString());
    assertTrue(commands.containsAll(SOURCE_ONLY), commands.toString());
    for (String command : commands) {
      Run help = source(command, "--help");
      assertEquals(0, help.exit(), command + ": " + help.all());
      assertTrue(help.out().startsWith("usage: cif " + command), command + ": " + help.out());
      assertEquals("", help.err(), command);
      if (SOURCE_ONLY.contains(command)) {
        assertEquals(2, dist.cif(command, "--help").exit(), command + " is not in the distribution");
      } else {
        assertSame(help, dist.cif(command, "--help"), command + " --help");
      }
    }
    Run unknown = dist.cif("frobnicate");
    assertEquals(2, unknown.exit());
    assertSame(source("frobnicate"), unknown, "an unknown command");
  }

  @Test
  void answerTheSameOnOneDataset() throws Exception {
    Path in = dist.work.resolve("agree-in.txt");
    Files.write(in, List.of("1,a,x", "2,b,y", "3,c,z"), StandardCharsets.UTF_8);
    String data = dist.work.resolve("agree-cif").toString();
    Run pig = dist.cif("pig", "-e", "t = LOAD '" + in + "' USING PigStorage(',') AS (id:int, name:chararray, tag:chararray);"
        + " STORE t INTO '" + data + "' USING CifStorer();");
    assertEquals(0, pig.exit(), pig.all());
    for (List<String> args : List.of(List.of("meta", data), List.of("schema", data), List.of("verify", data),
        List.of("cat", data, "--columns", "id,tag", "--limit", "2"), List.of("cat", dist.work.resolve("none").toString()))) {
      String[] a = args.toArray(new String[0]);
      Run expected = source(a);
      Run actual = dist.cif(a);
      assertSame(expected, actual, String.join(" ", args));
      assertEquals(expected.err(), actual.err(), String.join(" ", args));
    }
    Run cat = dist.cif("cat", data, "--columns", "id,tag", "--limit", "2");
    assertEquals(List.of("{\"id\": 1, \"tag\": \"x\"}", "{\"id\": 2, \"tag\": \"y\"}"), cat.out().lines().toList());
    assertFalse(source("cat", dist.work.resolve("none").toString()).exit() == 0);
  }
}
