package dev.cif.hive;

import org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.OutputFormat;

/**
 * {@code STORED BY 'dev.cif.hive.CifStorageHandler'}: the same SerDe and formats as {@code STORED AS CIF}.
 * Hive does no staging or commit for storage-handler tables and hands the output format the table
 * directory itself; {@link CifHiveOutputFormat} then writes a uniquely named split-directory below it
 * (atomically, through cif-core's hidden in-progress directory and a rename).
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
}
