package dev.cif.hive;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import dev.cif.hive.vector.VectorizedCifReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;

/**
 * Sets up a vectorized scan from what Hive puts in the job: whether the map work runs vectorized
 * with CIF as a vectorized input format, the batch context (column types, partition columns),
 * the data columns Hive reads, the partition's values, and the pushed filter.
 */
final class VectorizedScan {
  private VectorizedScan() {}

  /**
   * Whether Hive expects batches rather than rows: the map work runs vectorized and reads CIF as a
   * vectorized input format (not switched off, nor CIF excluded, in which case Hive deserializes
   * CIF's rows into batches itself).
   */
  static boolean isVectorized(JobConf job) {
    if (!Utilities.getIsVectorized(job)) return false;
    if (!HiveConf.getBoolVar(job, HiveConf.ConfVars.HIVE_VECTORIZATION_USE_VECTORIZED_INPUT_FILE_FORMAT)) return false;
    String excluded = HiveConf.getVar(job, HiveConf.ConfVars.HIVE_VECTORIZATION_VECTORIZED_INPUT_FILE_FORMAT_EXCLUDES);
    for (String c : excluded.split(",")) if (c.trim().equals(CifHiveInputFormat.class.getName())) return false;
    return Utilities.getVectorizedRowBatchCtx(job) != null;
  }

  static VectorizedCifReader open(FileSystem fs, List<Path> dirs, List<org.apache.hadoop.fs.FileStatus[]> listings,
      FileSplit split, JobConf job, Reporter reporter) throws IOException {
    VectorizedRowBatchCtx ctx = Utilities.getVectorizedRowBatchCtx(job);
    Schema table = CifHiveInputFormat.readerSchema(job);
    if (table == null) {
      if (dirs.isEmpty()) throw new IOException("CIF: no table schema in the job and no split-directory in " + split.getPath());
      table = Cif.createReader(fs, dirs.get(0), new ReadOptions()).schema();
    }
    Object[] partitionValues = new Object[ctx.getPartitionColumnCount()];
    if (partitionValues.length > 0) VectorizedRowBatchCtx.getPartitionValues(ctx, job, split, partitionValues);
    return new VectorizedCifReader(fs, dirs, listings, ctx, table, included(ctx, table, job), partitionValues,
        CifHiveInputFormat.readOptions(job, table, split).mapKeys(PlanMapKeys.fromConf(job, table)), job, reporter);
  }

  /** The data columns to fill: those the batch context includes, else the ones Hive reads, else all. */
  private static int[] included(VectorizedRowBatchCtx ctx, Schema table, JobConf job) {
    int dataColumns = Math.min(ctx.getDataColumnCount(), table.getFields().size());
    int[] nums = ctx.getDataColumnNums();
    if (nums == null && !ColumnProjectionUtils.isReadAllColumns(job)
        && job.get(ColumnProjectionUtils.READ_COLUMN_IDS_CONF_STR) != null) {
      List<Integer> ids = ColumnProjectionUtils.getReadColumnIDs(job);
      nums = ids.stream().mapToInt(Integer::intValue).toArray();
    }
    List<Integer> out = new ArrayList<>();
    if (nums == null) {
      for (int i = 0; i < dataColumns; i++) out.add(i);
    } else {
      for (int i : nums) if (i < dataColumns && !out.contains(i)) out.add(i);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }
}
