package dev.cif.hive;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.OutputFormat;

/**
 * {@code STORED BY 'dev.cif.hive.CifStorageHandler'}: the same SerDe and formats as {@code STORED AS CIF}.
 * Hive does no staging or commit of files for storage-handler tables and hands the output format the
 * table directory itself; the handler's meta hook ({@link CifInsertHook}) commits instead, as
 * {@link HandlerWrites} describes.
 */
public class CifStorageHandler extends DefaultStorageHandler {
  @Override
  @SuppressWarnings("rawtypes")
  public Class<? extends InputFormat> getInputFormatClass() { return CifHiveInputFormat.class; }

  @Override
  @SuppressWarnings("rawtypes")
  public Class<? extends OutputFormat> getOutputFormatClass() { return CifHiveOutputFormat.class; }

  @Override
  public Class<? extends AbstractSerDe> getSerDeClass() { return CifSerDe.class; }

  @Override
  public HiveMetaHook getMetaHook() {
    return new CifInsertHook(() -> {
      Configuration session = SessionState.getSessionConf();
      return session != null ? session : getConf();
    });
  }

  /** MapReduce commits nothing for these tables: a speculative attempt's split-directory would stay. */
  @Override
  public void configureJobConf(TableDesc table, JobConf job) {
    if (!HandlerWrites.committedByHook(job)) {
      job.setBoolean("mapreduce.map.speculative", false);
      job.setBoolean("mapreduce.reduce.speculative", false);
    }
  }
}
