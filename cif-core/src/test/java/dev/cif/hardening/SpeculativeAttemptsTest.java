package dev.cif.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cif.mapreduce.ColumnOutputFormat;
import dev.cif.testing.core.DatasetCheck;
import dev.cif.testing.FaultyFileSystem;
import dev.cif.testing.RandomData;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ColumnOutputFormat under FileOutputCommitter (both algorithms), driven the way the MapReduce
 * framework drives it: speculative duplicate attempts of one task, of which one commits; an attempt
 * that fails part-way (a fault injected on faulty:) and is aborted before a retry commits; a task
 * that never commits. The committed dataset holds each committed task's records exactly once.
 */
class SpeculativeAttemptsTest {
  private final Configuration conf = FaultyFileSystem.conf();
  private final JobID job = new JobID("hardening", 1);

  @AfterEach
  void disarm() { FaultyFileSystem.disarm(); }

  private List<GenericData.Record> taskRows(int task) {
    RandomData data = new RandomData(100 + task);
    List<GenericData.Record> rows = new ArrayList<>();
    for (int i = 0; i < 150; i++) rows.add(data.record(FuzzDatasets.SCHEMA));
    return rows;
  }

  private TaskAttemptContext attempt(int task, int attempt) {
    return new TaskAttemptContextImpl(conf, new TaskAttemptID(new org.apache.hadoop.mapreduce.TaskID(job, TaskType.MAP, task), attempt));
  }

  /**
   * Writes rows through the attempt's record writer, then closes it. A fresh output format per
   * attempt, as each task runs in its own JVM: FileOutputFormat keeps the first attempt's committer.
   */
  private static void write(TaskAttemptContext ctx, List<GenericData.Record> rows) throws Exception {
    RecordWriter<NullWritable, GenericRecord> w = new ColumnOutputFormat().getRecordWriter(ctx);
    for (GenericData.Record r : rows) w.write(NullWritable.get(), r);
    w.close(ctx);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void exactlyTheCommittedTasksRecordsAreVisible(int algorithm) throws Exception {
    java.nio.file.Path local = dev.cif.testing.TempDirs.create("cif-commit");
    Path out = FaultyFileSystem.path(local.resolve("out"));
    conf.setInt("mapreduce.fileoutputcommitter.algorithm.version", algorithm);
    conf.setLong("cif.split-directory.bytes", 8 << 10);
    conf.setLong("cif.block.bytes", 1024);
    ColumnOutputFormat.setSchema(conf, FuzzDatasets.SCHEMA);
    conf.set(FileOutputFormat.OUTDIR, out.toString());
    JobContext jc = new JobContextImpl(conf, job);
    OutputCommitter committer = new ColumnOutputFormat().getOutputCommitter(attempt(0, 0));
    committer.setupJob(jc);

    // Task 0: two speculative attempts write everything; attempt 1 commits, attempt 0 is killed.
    TaskAttemptContext a00 = attempt(0, 0);
    TaskAttemptContext a01 = attempt(0, 1);
    committer.setupTask(a00);
    committer.setupTask(a01);
    write(a00, taskRows(0));
    write(a01, taskRows(0));
    committer.commitTask(a01);
    committer.abortTask(a00);

    // Task 1: the first attempt fails at its 5th file created, and is aborted; the retry commits.
    TaskAttemptContext a10 = attempt(1, 0);
    committer.setupTask(a10);
    FaultyFileSystem.arm("create", 5, false);
    assertThrows(IOException.class, () -> write(a10, taskRows(1)));
    FaultyFileSystem.disarm();
    committer.abortTask(a10);
    TaskAttemptContext a11 = attempt(1, 1);
    committer.setupTask(a11);
    write(a11, taskRows(1));
    committer.commitTask(a11);

    // Task 2 writes but never commits (its node was lost); the job commits without it.
    TaskAttemptContext a20 = attempt(2, 0);
    committer.setupTask(a20);
    write(a20, taskRows(2));

    committer.commitJob(jc);

    List<Object> want = new ArrayList<>(DatasetCheck.normalized(taskRows(0)));
    want.addAll(DatasetCheck.normalized(taskRows(1)));
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    assertEquals(want, DatasetCheck.rows(fs, new Path(local.resolve("out").toUri()), FuzzDatasets.SCHEMA));
  }
}
