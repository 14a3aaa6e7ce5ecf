package dev.cif.cli;

import dev.cif.Cif;
import dev.cif.MergeOptions;
import dev.cif.MergeResult;
import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.command.UsageException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.StringUtils;

/**
 * cif merge DIR [--target-bytes N] [--dry-run]: merges a table's or a partition's small split-directories
 * into larger ones by concatenating their encoded blocks (no decode, no re-encode); readers see the old ones
 * or the merged one, never both, and a merge killed half-way is finished or discarded by the next.
 */
public final class MergeCommand implements Command {
  @Override public String name() { return "merge"; }

  @Override public String summary() { return "merges small split-directories by concatenating their blocks"; }

  @Override
  public String help() {
    return "usage: cif merge DIR [--target-bytes N] [--dry-run] [--conf DIR]\n"
        + "Merges the small split-directories of each directory under DIR (a table or a partition) that share schema and\n"
        + "column layouts, in name order, into split-directories of at most N bytes (default cif.split-directory.bytes,\n"
        + "4g; suffixes k, m, g). Blocks are copied, not decoded. --dry-run prints the plan and changes nothing.";
  }

  @Override
  public int run(ClientConf client, String[] argv, PrintStream out) throws Exception {
    Configuration conf = client.configuration();
    List<String> rest = new ArrayList<>();
    boolean dryRun = false;
    for (String s : argv) {
      if (s.equals("--dry-run")) dryRun = true;
      else rest.add(s);
    }
    Args a = new Args(rest.toArray(new String[0]));
    Path path = new Path(a.path());
    MergeOptions options = Cif.mergeOptions(conf).dryRun(dryRun);
    String target = a.get("target-bytes", null);
    if (target != null) {
      try {
        options.targetBytes(StringUtils.TraditionalBinaryPrefix.string2long(target));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--target-bytes takes a positive size such as 268435456 or 256m, got " + target);
      }
    }
    long start = System.nanoTime();
    MergeResult r = Cif.merge(path.getFileSystem(conf), path, options);
    for (Map.Entry<Path, List<Path>> m : r.merges().entrySet()) {
      List<String> names = new ArrayList<>();
      for (Path p : m.getValue()) names.add(p.getName());
      out.println((dryRun ? "would merge " : "merged ") + m.getValue().get(0).getParent() + "/{" + String.join(",", names) + "} -> "
          + m.getKey().getName());
    }
    out.println((dryRun ? "PLAN " : "OK ") + path + ": " + r.splitDirectoriesBefore() + " split-directories -> "
        + r.splitDirectoriesAfter() + ", " + r.bytesMerged() + " bytes merged, " + r.finishedHalfDoneMerges()
        + " half-done merges finished, " + (System.nanoTime() - start) / 1_000_000 + " ms");
    return 0;
  }
}
