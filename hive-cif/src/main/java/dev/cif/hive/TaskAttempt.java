package dev.cif.hive;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.TaskAttemptID;

/**
 * The task and attempt a writer runs in, from what Hive puts in the task's conf: on Tez the vertex and
 * task index (two vertices of one DAG, e.g. the branches of a UNION ALL, have the same MR-style task
 * ids), on MapReduce the task attempt id.
 */
record TaskAttempt(String task, int attempt) {

  static TaskAttempt fromConf(Configuration conf) {
    String vertex = conf.get("hive.tez.vertex.index");
    String index = conf.get("hive.tez.task.index");
    if (vertex != null && index != null) {
      return new TaskAttempt("v" + vertex + "t" + index, conf.getInt("hive.tez.task.attempt.number", 0));
    }
    String id = conf.get("mapreduce.task.attempt.id", conf.get("mapred.task.id"));
    if (id == null) return new TaskAttempt("local", 0);
    TaskAttemptID a = TaskAttemptID.forName(id);
    return new TaskAttempt(a.getTaskType().name().toLowerCase(java.util.Locale.ROOT).charAt(0) + String.format("%06d", a.getTaskID().getId()),
        a.getId());
  }
}
