import dev.cif.Cif;
import dev.cif.ColumnWriter;
import dev.cif.ColumnAppender;
import dev.cif.WriteOptions;
import java.io.*;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.apache.avro.Schema;

/** Thread CPU of writing TPC-H lineitem's string columns (DICT, default codec) through the typed appends. */
public class DictWriteTime {
  public static void main(String[] a) throws Exception {
    int[] cols = {8, 9, 13, 14, 15};
    String[] names = {"l_returnflag", "l_linestatus", "l_shipinstruct", "l_shipmode", "l_comment"};
    List<byte[][]> data = new ArrayList<>();
    int limit = Integer.parseInt(a[1]);
    try (BufferedReader r = new BufferedReader(new FileReader(a[0]))) {
      String line; int n = 0;
      while ((line = r.readLine()) != null && n++ < limit) {
        String[] p = line.split("\\|");
        byte[][] row = new byte[cols.length][];
        for (int i = 0; i < cols.length; i++) row[i] = p[cols[i]].getBytes(StandardCharsets.UTF_8);
        data.add(row);
      }
    }
    Schema type = Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING));
    var mx = ManagementFactory.getThreadMXBean();
    for (int rep = 0; rep < 5; rep++) {
      StringBuilder sb = new StringBuilder("rep " + rep);
      for (int c = 0; c < cols.length; c++) {
        long t0 = mx.getCurrentThreadCpuTime();
        Schema.Field f = new Schema.Field(names[c], type, null, Schema.Field.NULL_DEFAULT_VALUE);
        try (ColumnWriter w = Cif.createColumnWriter(OutputStream.nullOutputStream(), f, new WriteOptions())) {
          ColumnAppender ap = (ColumnAppender) w;
          for (byte[][] row : data) ap.appendBytes(row[c], 0, row[c].length);
        }
        sb.append(String.format(Locale.ROOT, " %s=%d", names[c], (mx.getCurrentThreadCpuTime() - t0) / 1_000_000));
      }
      System.out.println(sb);
    }
  }
}
