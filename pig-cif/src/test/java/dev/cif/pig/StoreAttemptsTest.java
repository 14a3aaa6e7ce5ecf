package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cif.testing.core.DatasetCheck;
import dev.cif.testing.FaultyFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.pig.ResourceSchema;
import org.apache.pig.data.Tuple;
import org.apache.pig.data.TupleFactory;
import org.apache.pig.impl.util.Utils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CifStorer's task side under duplicate and failed attempts, which Pig's local mode never runs (its
 * runner neither retries nor speculates): each attempt is driven as Pig's back end drives a store
 * function on a cluster, through CifStorer's own output format and committer (Pig's
 * PigOutputCommitter only delegates to it). Two speculative attempts of one task, a first attempt
 * that fails at a file-system call and is aborted before a retry, and an attempt killed mid-write
 * that is never cleaned up: after the job commits, the dataset passes `cif verify`'s check and holds
 * each committed task's rows exactly once.
 */
class StoreAttemptsTest {
  private static final String PIG_SCHEMA = "id:long, name:chararray";
  private final JobID jobId = new JobID("pig-attempts", 1);

  @AfterEach
  void disarm() { FaultyFileSystem.disarm(); }

  private static List<Tuple> taskRows(int task) {
    List<Tuple> rows = new ArrayList<>();
    for (long i = 0; i < 200; i++) rows.add(TupleFactory.getInstance().newTuple(List.of(task * 1000 + i, "task " + task + " row " + i)));
    return rows;
  }

  /** A storer as the back end makes one, in a task's JVM: a fresh instance, the front end's signature. */
  private static CifStorer storer(Job job, String location) throws IOException {
    CifStorer s = new CifStorer("name:lz4");
    s.setStoreFuncUDFContextSignature("attempts");
    s.setStoreLocation(location, job);
    return s;
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void runAttempt(Job job, String location, TaskAttemptContext ctx, List<Tuple> rows) throws Exception {
    CifStorer s = storer(job, location);
    OutputFormat of = s.getOutputFormat();
    RecordWriter w = of.getRecordWriter(ctx);
    s.prepareToWrite(w);
    for (Tuple t : rows) s.putNext(t);
    w.close(ctx);
  }

  private TaskAttemptContext attempt(Configuration conf, int task, int attempt) {
    return new TaskAttemptContextImpl(conf, new TaskAttemptID(new TaskID(jobId, TaskType.MAP, task), attempt));
  }

  @Test
  void theCommittedDatasetHoldsExactlyTheCommittedTasksRows() throws Exception {
    java.nio.file.Path dir = dev.cif.testing.TempDirs.create("cif-pig-attempts").resolve("out");
    String location = FaultyFileSystem.path(dir).toString();
    Job job = Job.getInstance(FaultyFileSystem.conf());
    job.getConfiguration().setLong("cif.split-directory.bytes", 2048);
    job.getConfiguration().setLong("cif.block.bytes", 512);
    // Front end: the relation's schema reaches the storer, which keeps it for the tasks.
    CifStorer front = new CifStorer("name:lz4");
    front.setStoreFuncUDFContextSignature("attempts");
    front.checkSchema(new ResourceSchema(Utils.getSchemaFromString(PIG_SCHEMA)));
    Configuration conf = job.getConfiguration();
    JobContextImpl jc = new JobContextImpl(conf, jobId);
    OutputCommitter committer = storer(job, location).getOutputFormat().getOutputCommitter(attempt(conf, 0, 0));
    committer.setupJob(jc);

    // Task 0: a speculative second attempt also finishes; attempt 1 commits, attempt 0 is aborted.
    TaskAttemptContext a00 = attempt(conf, 0, 0);
    TaskAttemptContext a01 = attempt(conf, 0, 1);
    committer.setupTask(a00);
    committer.setupTask(a01);
    runAttempt(job, location, a00, taskRows(0));
    runAttempt(job, location, a01, taskRows(0));
    committer.commitTask(a01);
    committer.abortTask(a00);

    // Task 1: the first attempt fails at its 2nd file created and is aborted; the retry commits.
    TaskAttemptContext a10 = attempt(conf, 1, 0);
    committer.setupTask(a10);
    FaultyFileSystem.arm("create", 2, false);
    assertThrows(IOException.class, () -> runAttempt(job, location, a10, taskRows(1)));
    FaultyFileSystem.disarm();
    committer.abortTask(a10);
    TaskAttemptContext a11 = attempt(conf, 1, 1);
    committer.setupTask(a11);
    runAttempt(job, location, a11, taskRows(1));
    committer.commitTask(a11);

    // Task 2: killed mid-write (no close, no abort: its JVM is gone); the job commits without it.
    TaskAttemptContext a20 = attempt(conf, 2, 0);
    committer.setupTask(a20);
    FaultyFileSystem.arm("write", 2, true);
    assertThrows(Error.class, () -> runAttempt(job, location, a20, taskRows(2)));
    FaultyFileSystem.disarm();

    committer.commitJob(jc);

    FileSystem local = FileSystem.getLocal(new Configuration()).getRaw();
    Path out = new Path(dir.toUri());
    List<String> want = new ArrayList<>();
    for (int task : new int[] {0, 1}) for (Tuple t : taskRows(task)) want.add(t.get(0) + "\t" + t.get(1));
    Collections.sort(want);
    assertEquals(want.size(), DatasetCheck.verify(local, out));
    assertEquals(want, DatasetCheck.rowStrings(local, out));
  }
}
