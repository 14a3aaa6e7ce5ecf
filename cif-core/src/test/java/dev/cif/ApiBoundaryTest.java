package dev.cif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Where cif-core's API ends (docs/design.md, "cif-core's API"): no other module's main code reaches
 * into dev.cif.impl, every package of cif-core is an API package or under dev.cif.impl, and the API's
 * public types are exactly the listed ones, so that it cannot grow by accident. A new API type is a
 * decision: add it to {@link #API} and to the design note.
 */
class ApiBoundaryTest {
  /** The packages of the API; every other package of cif-core is internal, under dev.cif.impl. */
  private static final Set<String> API_PACKAGES = Set.of("dev.cif", "dev.cif.conf", "dev.cif.schema", "dev.cif.pushdown",
      "dev.cif.record", "dev.cif.mapreduce", "dev.cif.mapred");

  /** cif-core's public API: the public top-level types of the API packages. */
  private static final Set<String> API = Set.of(
      "dev.cif.BlockCodec", "dev.cif.Cif", "dev.cif.CifFormatException", "dev.cif.CifReader", "dev.cif.CifWriter", "dev.cif.ColumnAppender", "dev.cif.ColumnLayout",
      "dev.cif.ColumnReader", "dev.cif.ColumnWriter", "dev.cif.LazyMap", "dev.cif.MergeOptions", "dev.cif.MergeResult", "dev.cif.ReadBytes", "dev.cif.ReadOptions",
      "dev.cif.RowReader", "dev.cif.RowRuns", "dev.cif.SelectedKeysBatch", "dev.cif.VectorTarget", "dev.cif.WriteOptions",
      "dev.cif.WriterVersion", "dev.cif.WrittenBy",
      "dev.cif.conf.CifConf",
      "dev.cif.schema.CifSchemas",
      "dev.cif.pushdown.Between", "dev.cif.pushdown.ColumnStatistics",
      "dev.cif.pushdown.Comparison", "dev.cif.pushdown.Connective", "dev.cif.pushdown.In", "dev.cif.pushdown.IsNull",
      "dev.cif.pushdown.Literal", "dev.cif.pushdown.MapKeys", "dev.cif.pushdown.Not", "dev.cif.pushdown.Outcomes",
      "dev.cif.pushdown.Predicate", "dev.cif.pushdown.SerializedPredicate", "dev.cif.pushdown.Unknown",
      "dev.cif.record.Projection", "dev.cif.record.RecordType", "dev.cif.record.RowPredicate",
      "dev.cif.mapreduce.ColumnInputFormat", "dev.cif.mapreduce.ColumnOutputFormat", "dev.cif.mapreduce.ColumnRecordWriter", "dev.cif.mapreduce.ColumnSplit",
      "dev.cif.mapreduce.SplitPlanner",
      "dev.cif.mapred.ColumnInputFormat", "dev.cif.mapred.ColumnOutputFormat");

  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "^public (?:final |abstract |sealed |non-sealed )*(?:class|interface|enum|record|@interface) (\\w+)", Pattern.MULTILINE);
  private static final Pattern IMPL = Pattern.compile("\\bdev\\.cif\\.impl\\b");

  /** The reactor's root: the tests run in cif-core's directory. */
  private static Path reactor() {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertTrue(Files.isRegularFile(root.resolve("pom.xml")) && Files.isDirectory(root.resolve("cif-core")), "reactor root " + root);
    return root;
  }

  private static List<Path> javaFiles(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    }
  }

  @Test
  void noOtherModulesMainCodeReferencesTheInternals() throws IOException {
    Set<String> offenders = new TreeSet<>();
    int files = 0;
    try (Stream<Path> modules = Files.list(reactor())) {
      for (Path module : modules.filter(m -> !m.getFileName().toString().equals("cif-core")).sorted().collect(Collectors.toList())) {
        Path main = module.resolve("src/main/java");
        if (!Files.isDirectory(main)) continue;
        for (Path f : javaFiles(main)) {
          files++;
          List<String> lines = Files.readAllLines(f);
          for (int i = 0; i < lines.size(); i++) {
            if (IMPL.matcher(lines.get(i)).find()) offenders.add(reactor().relativize(f) + ":" + (i + 1) + ": " + lines.get(i).trim());
          }
        }
      }
    }
    assertTrue(files > 100, "scanned only " + files + " files: is the reactor root right?");
    assertEquals(Set.of(), offenders, "main code outside cif-core that references dev.cif.impl (use dev.cif.Cif and the API types)");
  }

  @Test
  void everyPackageIsAnApiPackageOrInternal() throws IOException {
    Set<String> stray = new TreeSet<>();
    for (Path f : javaFiles(reactor().resolve("cif-core/src/main/java"))) {
      String pkg = packageOf(f);
      if (!API_PACKAGES.contains(pkg) && !pkg.startsWith("dev.cif.impl.")) stray.add(pkg);
    }
    assertEquals(Set.of(), stray, "cif-core packages neither API nor under dev.cif.impl");
  }

  @Test
  void theApiIsExactlyTheListedTypes() throws IOException {
    Set<String> api = new TreeSet<>();
    for (Path f : javaFiles(reactor().resolve("cif-core/src/main/java"))) {
      String pkg = packageOf(f);
      if (!API_PACKAGES.contains(pkg)) continue;
      Matcher m = PUBLIC_TYPE.matcher(Files.readString(f));
      while (m.find()) api.add(pkg + "." + m.group(1));
    }
    assertEquals(new TreeSet<>(API), api, "cif-core's public API types (a change here is an API decision: docs/design.md)");
  }

  private static String packageOf(Path f) throws IOException {
    Matcher m = PACKAGE.matcher(Files.readString(f));
    return m.find() ? m.group(1) : "";
  }
}
