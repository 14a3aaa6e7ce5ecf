package dev.cif.testing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Generated crawl pages in the paper's shape (url, metadata map, large content), for the Pig tests and
 * examples: as values, and as PigStorage text {@code url TAB [k#v,...] TAB content}. A quarter of the
 * pages are under ibm.com/jp; every seventh page has no content-type. Deterministic: page i is always
 * the same.
 *
 * <p>Not a second URLInfo generator, and deliberately not built on {@link dev.cif.testing.crawl.CrawlData}:
 * these pages exist to be PigStorage text that Pig parses back to the same values, which the URLInfo crawl
 * cannot be (its HTML content has newlines, and its header values have the commas of HTTP dates and
 * cache-control lists, which break a {@code [k#v,...]} map). Their metadata is also arithmetic in
 * {@code i} and their urls unique, so a Pig test can count decoded keys and joined rows exactly.
 */
public final class CrawlPages {
  /** The text's schema, for {@code PigStorage('\t') AS (...)}. */
  public static final String PIG_SCHEMA = "url:chararray, metadata:map[chararray], content:chararray";
  private static final String[] SITES = {"www.ibm.com/jp", "www.ibm.com/us", "jp.example.org", "www.ibm.com/jp/ja"};
  private static final String[] TYPES = {"text/html", "text/plain", "application/pdf", "image/png", "text/xml"};

  private CrawlPages() {}

  public static String url(int i) { return "http://" + SITES[i % SITES.length] + "/page" + i + ".html"; }

  /** Four or five keys per page, in this order; content-type is missing from every seventh page. */
  public static Map<String, String> metadata(int i) {
    Map<String, String> m = new LinkedHashMap<>();
    if (i % 7 != 6) m.put("content-type", TYPES[(i * 7 / 3) % TYPES.length]);
    m.put("server", "srv" + (i % 3));
    m.put("length", Integer.toString(i % 1000 * 100));
    m.put("x-key" + (i % 5), "v" + i);
    m.put("date", "2008-0" + (1 + i % 9));
    return m;
  }

  /** {@code chars} characters of text made of one word repeated. */
  public static String content(int i, int chars) {
    StringBuilder sb = new StringBuilder(chars + 16);
    while (sb.length() < chars) sb.append("word").append(i % 997).append(' ');
    sb.setLength(chars);
    return sb.toString();
  }

  /** Page i as one line of PigStorage text. */
  public static String line(int i, int contentChars) {
    StringBuilder sb = new StringBuilder(contentChars + 200).append(url(i)).append("\t[");
    for (Map.Entry<String, String> e : metadata(i).entrySet()) {
      if (sb.charAt(sb.length() - 1) != '[') sb.append(',');
      sb.append(e.getKey()).append('#').append(e.getValue());
    }
    return sb.append("]\t").append(content(i, contentChars)).toString();
  }

  /** Writes pages 0..pages-1 as text; returns the file. */
  public static Path write(Path file, int pages, int contentChars) throws IOException {
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
