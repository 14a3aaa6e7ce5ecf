package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The column files a query needs, from the NameNode's audit log: once per task that reads them (a split-directory
 * read in two row-range parts needs its projected files twice), and a file opened in no task (planning) not
 * again beside the tasks' opens of it; a task's second open of a file, or a schema-file open, is not needed.
 */
class NameNodeOpensTest {
  private static String open(String path, String context) {
    return "allowed=true\tugi=cif (auth:SIMPLE)\tip=/127.0.0.2\tcmd=open\tsrc=" + path + "\tdst=null\tperm=null\tproto=rpc"
        + (context == null ? "" : "\tcallerContext=" + context);
  }

  private static final String TASK_0 = "tez_ta:attempt_1764440000000_0001_3_00_000000_0";
  private static final String TASK_1 = "tez_ta:attempt_1764440000000_0001_3_00_000001_0";

  @Test
  void eachPartsTaskNeedsItsProjectedFilesAndASecondOpenInATaskDoesNot() {
    NameNodeOpens opens = new NameNodeOpens();
    for (String task : new String[] {TASK_0, TASK_1}) {
      opens.count(open("/t/lineitem/merged-0/l_quantity.cif", task));
      opens.count(open("/t/lineitem/merged-0/l_tax.cif", task));
    }
    assertEquals(new NameNodeOpens.Snapshot(4, 4, 0), opens.now());
    // A task opening a file again (a footer read apart, say) and a schema file: opens the query did not need.
    opens.count(open("/t/lineitem/merged-0/l_tax.cif", TASK_1 + ":signature"));
    opens.count(open("/t/lineitem/merged-0/schema-0.cif", TASK_1));
    assertEquals(new NameNodeOpens.Snapshot(5, 4, 1), opens.now());
    // Planning (no task's context) opening a file a task reads too: not a file more.
    opens.count(open("/t/lineitem/merged-0/l_tax.cif", "tez_v:vertex_1764440000000_0001_3_00"));
    assertEquals(new NameNodeOpens.Snapshot(6, 4, 1), opens.now());
    opens.reset();
    assertEquals(new NameNodeOpens.Snapshot(0, 0, 0), opens.now());
  }

  @Test
  void withoutCallerContextsTheFilesNeededAreTheDistinctFiles() {
    NameNodeOpens opens = new NameNodeOpens();
    opens.count(open("/t/a/part-0/k.cif", null));
    opens.count(open("/t/a/part-0/k.cif", null));
    opens.count(open("/t/a/part-1/k.cif", null));
    opens.count("allowed=true\tugi=cif\tip=/127.0.0.2\tcmd=getfileinfo\tsrc=/t/a/part-1/k.cif\tdst=null\tperm=null\tproto=rpc");
    assertEquals(new NameNodeOpens.Snapshot(3, 2, 0), opens.now());
  }
}
