package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriteOptions;
import dev.cif.impl.split.SplitDirectoryWriter;
import java.io.File;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.junit.jupiter.api.Test;

/**
 * The row-mode reader's position moves with every row. Hive's record reader wrapper treats position 0
 * as "still at the start of the file" and then resolves the split's partition from its path for every
 * row (for text headers); a reader stuck at 0 paid that on each row of a scan.
 */
class CifRecordReaderPositionTest {
  @Test
  void positionCountsTheRowsReturned() throws Exception {
    Schema schema = HiveTypeMapping.tableSchema("t", List.of("k"), List.of(TypeInfoUtils.getTypeInfoFromTypeString("int")));
    JobConf job = new JobConf();
    FileSystem fs = FileSystem.getLocal(job);
    Path table = new Path(new File("target/position-" + System.nanoTime()).getAbsolutePath());
    try (SplitDirectoryWriter w = new SplitDirectoryWriter(fs, new Path(table, "part-0"), schema, new WriteOptions())) {
      for (int i = 0; i < 3; i++) {
        GenericData.Record r = new GenericData.Record(schema);
        r.put(0, i);
        w.write(r);
      }
    }
    job.set(serdeConstants.LIST_COLUMNS, "k");
    job.set(serdeConstants.LIST_COLUMN_TYPES, "int");
    FileInputFormat.setInputPaths(job, table);
    CifHiveInputFormat format = new CifHiveInputFormat();
    InputSplit[] splits = format.getSplits(job, 1);
    assertEquals(1, splits.length);
    RecordReader<NullWritable, Writable> reader = format.getRecordReader(splits[0], job, Reporter.NULL);
    assertEquals(CifHiveInputFormat.CifRecordReader.class, (Object) reader.getClass());
    NullWritable key = reader.createKey();
    Writable value = reader.createValue();
    assertEquals(0, reader.getPos());
    for (int i = 1; i <= 3; i++) {
      assertTrue(reader.next(key, value));
      assertEquals(i, reader.getPos());
    }
    assertFalse(reader.next(key, value));
    assertEquals(3, reader.getPos());
    reader.close();
  }
}
