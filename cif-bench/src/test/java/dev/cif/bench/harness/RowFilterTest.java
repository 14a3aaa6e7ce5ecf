package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.data.SelectivityBucket;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

class RowFilterTest {

  @Test
  void containsLooksOnlyInsideTheGivenRange() {
    RowFilter filter = new RowFilter.Contains("url", "ibm.com/jp");
    byte[] buffer = "xxhttp://www.ibm.com/jp/a.htmlibm.com/jp".getBytes(StandardCharsets.UTF_8);
    assertTrue(filter.test(buffer, 2, 28));
    // The range ends inside the first occurrence and starts after it: a reader's shared column buffer.
    assertFalse(filter.test(buffer, 2, 20));
    assertFalse(filter.test(buffer, 20, 10));
    assertTrue(filter.test(buffer, 30, 10));
    assertTrue(filter.test(new Utf8("http://ibm.com/jp")));
    assertFalse(filter.test("http://ibm.com/us"));
  }

  @Test
  void bucketBelowIsTheSelectivityPredicate() {
    for (int percent : new int[] {0, 1, 10, 50, 100}) {
      RowFilter filter = new RowFilter.BucketBelow("s0", percent);
      for (int bucket = 0; bucket < 100; bucket++) {
        String value = String.format("%02dsome text", bucket);
        byte[] padded = ("__" + value).getBytes(StandardCharsets.UTF_8);
        assertEquals(SelectivityBucket.matches(value, percent), filter.test(padded, 2, padded.length - 2), value);
        assertEquals(bucket < percent, filter.test(new Utf8(value)), value);
      }
    }
    assertFalse(new RowFilter.BucketBelow("s0", 100).test(new byte[] {'0'}, 0, 1));
  }

  @Test
  void filtersSurviveTheTripThroughAJobConfiguration() throws IOException, ClassNotFoundException {
    for (RowFilter filter : new RowFilter[] {new RowFilter.Contains("url", "ibm.com/jp"),
        new RowFilter.BucketBelow("s0", 10)}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(filter);
      }
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        assertEquals(filter, in.readObject());
      }
    }
  }

  @Test
  void aFilteringFormatMayReturnFewerRecordsButNotADifferentAnswer() {
    ScanLoop.Outcome reference = new ScanLoop.Outcome("matched=3 sum=7", 100);
    assertTrue(new ScanLoop.Outcome("matched=3 sum=7", 3, true).agreesWith(reference));
    assertFalse(new ScanLoop.Outcome("matched=3 sum=7", 3, false).agreesWith(reference));
    assertFalse(new ScanLoop.Outcome("matched=2 sum=7", 2, true).agreesWith(reference));
    assertFalse(new ScanLoop.Outcome("matched=3 sum=7", 101, true).agreesWith(reference));
    assertTrue(new ScanLoop.Outcome("matched=3 sum=7", 100, false).agreesWith(reference));
    // The reference may filter too (CIF's row predicate, listed first): then an unfiltered pass has at least its records.
    ScanLoop.Outcome filtered = new ScanLoop.Outcome("matched=3 sum=7", 3, true);
    assertTrue(new ScanLoop.Outcome("matched=3 sum=7", 100, false).agreesWith(filtered));
    assertFalse(new ScanLoop.Outcome("matched=3 sum=7", 2, false).agreesWith(filtered));
    assertTrue(new ScanLoop.Outcome("matched=3 sum=7", 5, true).agreesWith(filtered));
    assertFalse(new ScanLoop.Outcome("matched=4 sum=7", 3, true).agreesWith(filtered));
  }
}
