package dev.cif.pig;

import dev.cif.conf.CifConf;
import dev.cif.mapreduce.ColumnInputFormat;
import dev.cif.mapreduce.ColumnSplit;
import dev.cif.split.SplitDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.pig.impl.util.ObjectSerializer;

/**
 * ColumnInputFormat that leaves out the split-directories whose column statistics show that no row
 * can pass the filter Pig pushed to CifLoader. Whole split-directories are the unit: cif-core's row
 * reader has no way to start a split at a later block, so blocks inside a kept split-directory are read.
 */
public class FilteringColumnInputFormat extends ColumnInputFormat {
  /** Job setting holding the serialized {@link PushedPredicate}; absent means no filter. */
  static final String PREDICATE_KEY = "cif.pig.predicate";

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    List<InputSplit> splits = super.getSplits(job);
    Configuration conf = job.getConfiguration();
    String serialized = conf.get(PREDICATE_KEY);
    if (serialized == null || serialized.isEmpty()) return splits;
    PushedPredicate predicate = (PushedPredicate) ObjectSerializer.deserialize(serialized);
    List<InputSplit> kept = new ArrayList<>();
    for (InputSplit s : splits) {
      ColumnSplit split = (ColumnSplit) s;
      List<Path> dirs = new ArrayList<>();
      for (Path dir : split.directories()) if (mayMatch(predicate, dir, conf)) dirs.add(dir);
      if (dirs.size() == split.directories().size()) kept.add(split);
      else if (!dirs.isEmpty()) {
        // Hosts stay those of the whole group: they hold the kept directories too.
        long length = split.getLength() * dirs.size() / split.directories().size();
        kept.add(new ColumnSplit(dirs, length, split.getLocations()));
      }
    }
    return kept;
  }

  private static boolean mayMatch(PushedPredicate predicate, Path dir, Configuration conf) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    SplitDirectory sd = SplitDirectory.open(fs, dir);
    long maxValueBytes = CifConf.MAX_VALUE_BYTES.getLong(conf);
    Map<String, ColumnRange> ranges = new HashMap<>();
    IOException[] failure = new IOException[1];
    boolean may = predicate.mayMatch(column -> ranges.computeIfAbsent(column, c -> {
      try {
        return ColumnRange.of(sd, c, maxValueBytes);
      } catch (IOException e) {
        failure[0] = e;
        return null;
      }
    }));
    if (failure[0] != null) throw failure[0];
    return may;
  }
}
