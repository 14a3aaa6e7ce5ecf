package dev.cif.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.conf.CifConf;
import dev.cif.record.RecordType;
import dev.cif.record.RowPredicate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.Test;

/**
 * README's MapReduce example is this class's code: the lines between the {@code README} markers below are
 * README.md's {@code java} block, so the example compiles against the API as it is, and the job it configures is
 * checked here.
 */
class ReadmeExampleTest {
  private static final java.nio.file.Path SOURCE = java.nio.file.Path.of("src/test/java/dev/cif/mapreduce/ReadmeExampleTest.java");

  static Job configure(Configuration conf, Schema avroSchema) throws IOException {
    // README begin
    Job job = Job.getInstance(conf);
    job.setOutputFormatClass(ColumnOutputFormat.class);          // dev.cif.mapreduce (or dev.cif.mapred)
    ColumnOutputFormat.setSchema(job, avroSchema);                // values: GenericRecord, keys: NullWritable

    job.setInputFormatClass(ColumnInputFormat.class);
    FileInputFormat.addInputPath(job, new Path("/data/2011-01-01"));
    ColumnInputFormat.setColumns(job, "url, metadata");           // other columns' files are never opened
    ColumnInputFormat.setRecordType(job, RecordType.LAZY);        // the default; EAGER decodes every projected column
    ColumnInputFormat.setRowPredicate(job, IbmJapanUrls.class);   // optional: maps see only the rows that pass
    // README end
    return job;
  }

  // README begin
  /** The paper's Figure 1 filter, urls containing "ibm.com/jp", tested on the url column's UTF-8 bytes. */
  public static final class IbmJapanUrls implements RowPredicate {
    private static final byte[] PART = "ibm.com/jp".getBytes(StandardCharsets.UTF_8);

    @Override public String column() { return "url"; }

    @Override public boolean test(byte[] bytes, int offset, int length) {
      next:
      for (int i = offset; i + PART.length <= offset + length; i++) {
        for (int j = 0; j < PART.length; j++) if (bytes[i + j] != PART[j]) continue next;
        return true;
      }
      return false;
    }
  }
  // README end

  @Test
  void readmesJavaBlockIsThisCode() throws IOException {
    assertEquals(marked(Files.readAllLines(SOURCE)), javaBlock(Files.readAllLines(java.nio.file.Path.of("../README.md"))),
        "README.md's java block differs from the code between the README markers of " + SOURCE);
  }

  @Test
  void theExampleConfiguresTheJobItDescribes() throws IOException {
    Schema schema = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"UrlInfo\",\"fields\":["
        + "{\"name\":\"url\",\"type\":\"string\"},{\"name\":\"metadata\",\"type\":{\"type\":\"map\",\"values\":\"string\"}}]}");
    Configuration conf = configure(new Configuration(false), schema).getConfiguration();
    assertEquals("url, metadata", CifConf.COLUMNS.getString(conf));
    assertEquals("lazy", CifConf.RECORD_TYPE.getString(conf));
    assertEquals(IbmJapanUrls.class.getName(), CifConf.ROW_PREDICATE.getString(conf));
    assertEquals(schema.toString(), CifConf.OUTPUT_SCHEMA.getString(conf));
    byte[] url = "xx http://www.ibm.com/jp/page yy".getBytes(StandardCharsets.UTF_8);
    assertTrue(new IbmJapanUrls().test(url, 3, url.length - 6));
    assertFalse(new IbmJapanUrls().test(url, 3, 20), "only the bytes in [offset, offset + length) count");
  }

  /** The lines between each pair of markers, without the indentation of the pair's first line. */
  private static List<String> marked(List<String> source) {
    List<String> out = new ArrayList<>();
    int indent = -1;
    boolean in = false;
    for (String line : source) {
      if (line.strip().equals("// README begin")) {
        in = true;
        indent = -1;
        if (!out.isEmpty()) out.add("");
        continue;
      }
      if (line.strip().equals("// README end")) {
        in = false;
        continue;
      }
      if (!in) continue;
      if (indent < 0) indent = line.length() - line.stripLeading().length();
      out.add(line.isBlank() ? "" : line.substring(Math.min(indent, line.length() - line.stripLeading().length())));
    }
    return out;
  }

  /** The lines of README's first java block. */
  private static List<String> javaBlock(List<String> readme) {
    int start = readme.indexOf("```java");
    assertTrue(start >= 0, "README.md has a ```java block");
    return readme.subList(start + 1, readme.subList(start + 1, readme.size()).indexOf("```") + start + 1);
  }
}
