package dev.cif.embedded.hive;

import dev.cif.hive.CifHiveOutputFormat;
import dev.cif.hive.CifSerDe;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.metadata.Table;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.JobConf;

/**
 * One Tez task attempt's output of a {@code (k INT, s STRING)} CIF table, written by the output format as a
 * Tez task would (CifStorageHandlerCommitTest). Outside the test class for the reason {@link SessionConf} gives.
 */
final class TezTaskAttempt {
  private TezTaskAttempt() {}

  static void write(EmbeddedHive hive, Table table, String query, int task, int attempt, int k, String s) throws Exception {
    JobConf job = new JobConf(hive.conf());
    job.set("hive.query.id", query);
    job.set("hive.tez.vertex.index", "1");
    job.setInt("hive.tez.task.index", task);
    job.setInt("hive.tez.task.attempt.number", attempt);
    Properties props = table.getMetadata();
    FileSinkOperator.RecordWriter w = new CifHiveOutputFormat().getHiveRecordWriter(job, table.getDataLocation(),
        NullWritable.class, false, props, null);
    // The row as a Hive task hands it to the SerDe.
    CifSerDe serde = new CifSerDe();
    serde.initialize(job, props, null);
    ObjectInspector row = ObjectInspectorFactory.getStandardStructObjectInspector(List.of("k", "s"),
        List.of(PrimitiveObjectInspectorFactory.javaIntObjectInspector, PrimitiveObjectInspectorFactory.javaStringObjectInspector));
    w.write(serde.serialize(Arrays.asList(k, s), row));
    w.close(false);
  }
}
