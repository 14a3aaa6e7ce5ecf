package dev.cif.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.testing.SchemedLocalFileSystem;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What planning a query over CIF tables costs the file system: the calls made between the SQL text and the
 * executed plan (table resolution, schema, pushdown, the optimizer's size estimates, split planning), counted
 * per kind on a scheme of its own. Spark builds scans and asks for their statistics several times while it
 * optimizes; each CIF table is listed and its schema read once per query whatever Spark asks, and planning
 * opens no column file.
 */
class PlanningCallsTest {
  private static final String SCHEME = "plancount";
  private static String fact;
  private static String dim;

  /** The local file system under {@value #SCHEME}:, counting its calls by kind. */
  public static final class CountingFileSystem extends SchemedLocalFileSystem {
    static final Map<String, Integer> CALLS = new ConcurrentHashMap<>();

    @Override public URI getUri() { return URI.create(SCHEME + ":///"); }

    @Override public String getScheme() { return SCHEME; }

    private static void count(String kind, Path p) {
      CALLS.merge(kind, 1, Integer::sum);
      if (kind.equals("open")) CALLS.merge("open " + p.getName(), 1, Integer::sum);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      count("open", f);
      return super.open(f, bufferSize);
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
      count("list", f);
      FileStatus[] all = super.listStatus(f);
      for (int i = 0; i < all.length; i++) all[i] = new PermissionCounted(all[i]);
      return all;
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
      count("status", f);
      return super.getFileStatus(f);
    }

    @Override
    public Map<String, byte[]> getXAttrs(Path path) throws IOException {
      count("xattrs", path);
      return super.getXAttrs(path);
    }
  }

  /**
   * A listed status that counts the reads of its permission: RawLocalFileSystem's statuses run {@code ls -ld} for
   * them (without Hadoop's native library), one process per file, which made a local session's planning take seconds.
   */
  static final class PermissionCounted extends FileStatus {
    PermissionCounted(FileStatus s) {
      super(s.getLen(), s.isDirectory(), s.getReplication(), s.getBlockSize(), s.getModificationTime(), s.getPath());
    }

    @Override
    public org.apache.hadoop.fs.permission.FsPermission getPermission() {
      CountingFileSystem.count("permission", getPath());
      return super.getPermission();
    }
  }

  @BeforeAll
  static void write() throws Exception {
    SparkSession spark = SharedSpark.session();
    spark.conf().set("fs." + SCHEME + ".impl", CountingFileSystem.class.getName());
    spark.conf().set("fs." + SCHEME + ".impl.disable.cache", "true");
    fact = SCHEME + "://" + SharedSpark.newDir("planning-fact");
    dim = SCHEME + "://" + SharedSpark.newDir("planning-dim");
    // A fact table of 2 partitions of 2 split-directories each, and a dimension table of one.
    spark.sql("SELECT id, id % 10 AS dk, id * 1.5D AS v, CAST(id % 2 AS INT) AS p FROM range(0, 4000)")
        .repartition(2).write().format("cif").mode("overwrite").partitionBy("p").save(fact);
    spark.sql("SELECT id AS dk, concat('name-', id) AS name FROM range(0, 10)").coalesce(1)
        .write().format("cif").mode("overwrite").save(dim);
    spark.sql("DROP TABLE IF EXISTS planning_fact");
    spark.sql("DROP TABLE IF EXISTS planning_dim");
    spark.sql("CREATE TABLE planning_fact USING cif LOCATION '" + fact + "'");
    spark.sql("CREATE TABLE planning_dim USING cif LOCATION '" + dim + "'");
  }

  @Test
  void aQueryListsEachTableOnceAndOpensOnlyOneSchemaFilePerTable() {
    // The fact table twice (a union under the join: two scans of one table) and the dimension once.
    String q = "SELECT d.name, sum(u.v) FROM (SELECT dk, v FROM planning_fact WHERE id > 100"
        + " UNION ALL SELECT dk, v FROM planning_fact WHERE p = 1) u JOIN planning_dim d ON u.dk = d.dk"
        + " WHERE d.name <> 'x' GROUP BY d.name";
    SparkSession spark = SharedSpark.session();
    CountingFileSystem.CALLS.clear();
    SparkPlan plan = spark.sql(q).queryExecution().executedPlan();
    Map<String, Integer> calls = new TreeMap<>(CountingFileSystem.CALLS);
    assertEquals(3, SharedSpark.scans(plan).size(), plan.toString());
    // One schema file per table, whatever number of scans Spark builds of it; no column file.
    assertEquals(2, calls.getOrDefault("open", 0), calls.toString());
    assertEquals(2, calls.getOrDefault("open schema-0000.cif", 0), calls.toString());
    // Listings: per table, its schema's (the partition directories, the first one's split-directories) and each
    // scan's split planning (the partition directories, then each leaf and its split-directories, once).
    assertTrue(calls.getOrDefault("list", 0) <= 34, calls.toString());
    // No listed file's permission is read (on the local file system each would be an `ls -ld` process).
    assertEquals(0, calls.getOrDefault("permission", 0), calls.toString());
    List<Row> rows = spark.sql(q).collectAsList();
    assertEquals(10, rows.size());
  }
}
