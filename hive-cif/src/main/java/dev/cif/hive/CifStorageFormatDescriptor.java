package dev.cif.hive;

import java.util.Set;
import org.apache.hadoop.hive.ql.io.AbstractStorageFormatDescriptor;

/** Makes {@code STORED AS CIF} name the CIF SerDe and input/output formats. */
public class CifStorageFormatDescriptor extends AbstractStorageFormatDescriptor {
  @Override public Set<String> getNames() { return Set.of("CIF"); }
  @Override public String getInputFormat() { return CifHiveInputFormat.class.getName(); }
  @Override public String getOutputFormat() { return CifHiveOutputFormat.class.getName(); }
  @Override public String getSerde() { return CifSerDe.class.getName(); }
}
