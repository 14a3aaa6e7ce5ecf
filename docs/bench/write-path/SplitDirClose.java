import dev.cif.*;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.*;
import org.apache.hadoop.hdfs.*;
import java.util.*;

/**
 * Writes 16 split-directories of 17 columns (60,000 rows each: 13 long columns, 4 string ones) into a
 * 4-DataNode MiniDFSCluster on 2 racks, timing the appends and each writer's close (which writes the columns'
 * last blocks and footers and closes the files), then merges the 16 into one, timing the merge; ROUNDS times.
 * To compare two builds of cif-core, put each build's classes first on the class path, in turns.
 * java -cp CIF_CORE_CLASSES:"$(cat cif-bench/target/classpath.txt):$(cat cif-cluster/target/classpath.txt)" docs/bench/write-path/SplitDirClose.java ROUNDS
 */
public class SplitDirClose {
  public static void main(String[] a) throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.setLong("dfs.blocksize", 16L << 20);
    MiniDFSCluster c = new MiniDFSCluster.Builder(conf).numDataNodes(4).racks(new String[]{"/r1","/r1","/r2","/r2"}).build();
    c.waitActive();
    FileSystem fs = c.getFileSystem();
    List<Schema.Field> fields = new ArrayList<>();
    for (int i = 0; i < 17; i++) fields.add(new Schema.Field("c" + i, i % 4 == 3 ? Schema.create(Schema.Type.STRING) : Schema.create(Schema.Type.LONG), null, (Object) null));
    Schema schema = Schema.createRecord("t", null, null, false, fields);
    Random rnd = new Random(7);
    for (int round = 0; round < Integer.parseInt(a[0]); round++) {
      Path table = new Path("/t" + round);
      long closeMs = 0, writeMs = 0;
      for (int d = 0; d < 16; d++) {
        long t0 = System.nanoTime();
        CifWriter w = Cif.createSplitDirectoryWriter(fs, new Path(table, "p-" + d), schema, new WriteOptions());
        for (int r = 0; r < 60_000; r++) {
          for (int i = 0; i < 17; i++) {
            if (i % 4 == 3) { byte[] b = ("v" + rnd.nextInt(1 << 20) + "-" + rnd.nextInt(1 << 20)).getBytes(); w.column(i).appendBytes(b, 0, b.length); }
            else w.column(i).appendLong(rnd.nextLong() >>> (i * 3));
          }
          w.endRow();
        }
        long t1 = System.nanoTime();
        w.close();
        long t2 = System.nanoTime();
        writeMs += (t1 - t0) / 1_000_000;
        closeMs += (t2 - t1) / 1_000_000;
      }
      long m0 = System.nanoTime();
      Cif.merge(fs, table, new MergeOptions());
      long mergeMs = (System.nanoTime() - m0) / 1_000_000;
      System.out.println("round " + round + ": 16 split-dirs, appends " + writeMs + " ms, closes " + closeMs + " ms; merge " + mergeMs + " ms");
    }
    c.shutdown();
  }
}
