package dev.cif.spark;

import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What a committed write task made: its committed directory in the job's staging directory, and the
 * split-directories in it, as paths relative to it ({@code k=v/.../part-...}, or {@code part-...}).
 */
record WriteCommit(String committedDir, List<String> splitDirectories, long rows) implements WriterCommitMessage {}
