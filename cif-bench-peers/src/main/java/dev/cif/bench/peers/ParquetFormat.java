package dev.cif.bench.peers;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.InputFormatScan;
import dev.cif.bench.harness.RecordScan;
import dev.cif.bench.harness.RowFilter;
import java.io.IOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.parquet.avro.AvroParquetInputFormat;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/**
 * Parquet through parquet-avro: written with {@link AvroParquetWriter} (default row-group, page and
 * dictionary settings), read with {@link AvroParquetInputFormat} and the job's columns as the requested
 * projection ({@link AvroReadSupport#setRequestedProjection}), so only their column chunks are read.
 * Records arrive as Avro GenericRecords already. {@code parquet}: Snappy (the usual recommendation);
 * {@code parquet-zstd}: ZSTD, its best-compressed codec here. Both apply a job's row predicate as a
 * filter2 predicate ({@link ParquetRowFilter}); {@code parquet-nofilter} is {@code parquet} without it.
 */
public final class ParquetFormat extends FilteringPeerFormat {

  private final CompressionCodecName codec;

  ParquetFormat(String name, CompressionCodecName codec, boolean rowFilter) {
    super(name, "parquet", rowFilter);
    this.codec = codec;
  }

  static List<FormatUnderTest> variants() {
    return List.of(new ParquetFormat("parquet", CompressionCodecName.SNAPPY, true),
        new ParquetFormat("parquet-zstd", CompressionCodecName.ZSTD, true),
        new ParquetFormat("parquet-nofilter", CompressionCodecName.SNAPPY, false));
  }

  @Override
  public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
    Path file = fs.makeQualified(new Path(dir, "part-00000.parquet"));
    try (ParquetWriter<GenericRecord> writer = AvroParquetWriter.<GenericRecord>builder(
            HadoopOutputFile.fromPath(file, fs.getConf()))
        .withSchema(data.schema()).withConf(fs.getConf()).withCompressionCodec(codec).build()) {
      for (GenericRecord record : data.records()) {
        writer.write(record);
      }
    }
  }

  @Override
  void installRowFilter(Configuration job, RowFilter filter) {
    ParquetRowFilter.install(job, filter);
  }

  @Override
  RecordScan scan(Job job, Schema schema, List<String> projection) throws IOException {
    AvroReadSupport.setRequestedProjection(job.getConfiguration(), AvroProjection.of(schema, projection));
    // Parquet's recommended reads, stated rather than inherited: vectored I/O (on by default since 1.16).
    job.getConfiguration().setBoolean(ParquetInputFormat.HADOOP_VECTORED_IO_ENABLED, true);
    return new InputFormatScan<>(new AvroParquetInputFormat<GenericRecord>(), job, value -> value);
  }
}
