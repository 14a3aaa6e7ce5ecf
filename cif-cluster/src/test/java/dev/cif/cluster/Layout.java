package dev.cif.cluster;

import dev.cif.bench.sql.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * One way the cluster benchmark stores a workload's tables: a format, loaded with Hive's merge on or off (for
 * CIF: {@code CifMergeHook}'s block merge after the insert), under a label that names the report's rows and the
 * database ({@code <workload>_<label>}). In a paired run (-Dcif.bench.paired=true) each CIF format is loaded
 * twice, before (as Hive's tasks write it) and after the merge, and the layouts take turns on every query, so
 * the two see the same machine load; any other format is loaded merged, as the answers' third witness.
 */
record Layout(Format format, boolean merged, String label) {
  /** Not a format's: the loads' floor (TableLoad#floor), which reads each text table and writes no row. */
  static final Layout FLOOR = new Layout(Format.TEXTFILE, false, "floor");

  /** The layouts of a run: one per format (every one merged or none), or the before/after pairs of a paired run. */
  static List<Layout> of(List<Format> formats, boolean merge, boolean paired) {
    List<Layout> layouts = new ArrayList<>();
    for (Format f : formats) {
      if (!paired) {
        layouts.add(new Layout(f, merge, f.id()));
      } else if (f.storage().startsWith("STORED AS CIF")) {
        layouts.add(new Layout(f, false, f.id() + "-before"));
        layouts.add(new Layout(f, true, f.id() + "-after"));
      } else {
        layouts.add(new Layout(f, true, f.id() + "-merged"));
      }
    }
    return layouts;
  }

  /** The database the layout's tables live in. */
  String database(String workload) {
    return workload + "_" + label.replace('-', '_');
  }

  /**
   * The order the layouts run query {@code query} (0-based) in: rotated by one from query to query, so that each
   * goes first as often as the others and, with two layouts, the pair alternates (AB, BA, AB, ...).
   */
  static List<Layout> turn(List<Layout> layouts, int query) {
    List<Layout> order = new ArrayList<>();
    for (int i = 0; i < layouts.size(); i++) order.add(layouts.get((query + i) % layouts.size()));
    return order;
  }
}
