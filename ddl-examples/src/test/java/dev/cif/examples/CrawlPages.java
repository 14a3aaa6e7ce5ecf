package dev.cif.examples;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Generated crawl pages in the paper's shape (url, metadata map, large content) as PigStorage text:
 * {@code url TAB [k#v,...] TAB content}. A quarter of the pages are under ibm.com/jp; every seventh
 * page has no content-type. Deterministic: page i is always the same.
 */
final class CrawlPages {
  /** The text's schema, for {@code PigStorage('\t') AS (...)}. */
  static final String PIG_SCHEMA = "url:chararray, metadata:map[chararray], content:chararray";
  private static final String[] SITES = {"www.ibm.com/jp", "www.ibm.com/us", "jp.example.org", "www.ibm.com/jp/ja"};
  private static final String[] TYPES = {"text/html", "text/plain", "application/pdf", "image/png", "text/xml"};

  private CrawlPages() {}

  static String line(int i, int contentChars) {
    StringBuilder sb = new StringBuilder(contentChars + 200);
    sb.append("http://").append(SITES[i % SITES.length]).append("/page").append(i).append(".html\t[");
    if (i % 7 != 6) sb.append("content-type#").append(TYPES[(i * 7 / 3) % TYPES.length]).append(',');
    sb.append("server#srv").append(i % 3).append(",length#").append(i % 1000 * 100)
        .append(",x-key").append(i % 5).append("#v").append(i).append(",date#2008-0").append(1 + i % 9).append("]\t");
    int start = sb.length();
    while (sb.length() - start < contentChars) sb.append("word").append(i % 997).append(' ');
    sb.setLength(start + contentChars);
    return sb.toString();
  }

  /** Writes pages 0..pages-1; returns the file. */
  static Path write(Path file, int pages, int contentChars) throws IOException {
    Files.createDirectories(file.getParent());
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < pages; i++) {
        w.write(line(i, contentChars));
        w.write('\n');
      }
    }
    return file;
  }
}
