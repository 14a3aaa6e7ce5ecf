import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.*;
import org.apache.hadoop.hdfs.*;
import java.util.*;
/**
 * How long closing a small HDFS file takes: a 4-DataNode MiniDFSCluster on 2 racks, 4 rounds of 17 files of
 * 700 KB written and closed one after another, each close's milliseconds printed. With an argument N,
 * dfs.namenode.file.close.num-committed-allowed=N (the NameNode accepts a close while N blocks are committed
 * but not yet reported by a DataNode); with "client MS", the client's close settings
 * dfs.client.block.write.locateFollowingBlock.initial.delay.ms=MS and ...retries=10 (docs/scale.md).
 * java -cp "$(cat cif-bench/target/classpath.txt):$(cat cif-cluster/target/classpath.txt)" docs/bench/write-path/CloseTime.java [N | client MS]
 */
public class CloseTime {
  public static void main(String[] a) throws Exception {
    Configuration conf = new HdfsConfiguration();
    if (a.length == 2 && a[0].equals("client")) {
      conf.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", Integer.parseInt(a[1]));
      conf.setInt("dfs.client.block.write.locateFollowingBlock.retries", 10);
    } else if (a.length > 0) {
      conf.setInt("dfs.namenode.file.close.num-committed-allowed", Integer.parseInt(a[0]));
    }
    conf.setLong("dfs.blocksize", 16L << 20);
    MiniDFSCluster c = new MiniDFSCluster.Builder(conf).numDataNodes(4).racks(new String[]{"/r1","/r1","/r2","/r2"}).build();
    c.waitActive();
    FileSystem fs = c.getFileSystem();
    byte[] buf = new byte[700_000];
    new Random(1).nextBytes(buf);
    for (int round = 0; round < 4; round++) {
      long[] closes = new long[17];
      long t0 = System.nanoTime();
      for (int f = 0; f < 17; f++) {
        FSDataOutputStream o = fs.create(new Path("/t/r" + round + "/f" + f));
        o.write(buf);
        long s = System.nanoTime();
        o.close();
        closes[f] = (System.nanoTime() - s) / 1_000_000;
      }
      System.out.println("round " + round + ": 17 files " + (System.nanoTime() - t0) / 1_000_000 + " ms, closes ms " + Arrays.toString(closes));
    }
    c.shutdown();
  }
}
