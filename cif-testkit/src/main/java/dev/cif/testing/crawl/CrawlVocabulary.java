package dev.cif.testing.crawl;

import dev.cif.testing.rows.RowRandom;
import java.util.SplittableRandom;

/**
 * The fixed vocabularies of the crawl dataset: sites, HTTP headers and their values, annotations.
 *
 * <p>Lists are ordered most-common-first and drawn with {@link RowRandom#skewedIndex}, so a few values
 * dominate as they do in real crawls (text/html and Apache first), which is what makes dictionary encoding
 * of the metadata map pay off.
 */
final class CrawlVocabulary {

  /** Site prefixes whose urls satisfy the §6.3 predicate: all contain {@code ibm.com/jp}. */
  static final String[] JP_SITES = {
    "www.ibm.com/jp", "www-06.ibm.com/jp", "www-01.ibm.com/jp", "www-935.ibm.com/jp",
  };

  /** Other sites; none may contain {@code ibm.com/jp} (checked by a test). */
  static final String[] OTHER_SITES = {
    "www.ibm.com/us", "w3.ibm.com", "www.ibm.com/uk", "www.ibm.com/de", "www.research.ibm.com",
    "www.redbooks.ibm.com", "www-01.ibm.com/software", "www.ibm.com/developerworks", "www.ibm.com/fr",
    "www.ibm.com/cn", "www.ibm.com/in", "publib.boulder.ibm.com/infocenter", "www.almaden.ibm.com",
    "www.watson.ibm.com", "w3-03.ibm.com/hr", "www.ibm.com/ja-jp", "jp.example.co.jp", "www.lotus.com",
  };

  /** Content types of pages outside IBM Japan: a realistic long tail. */
  static final String[] CONTENT_TYPES = {
    "text/html", "text/html; charset=UTF-8", "text/html; charset=ISO-8859-1", "text/html; charset=utf-8",
    "application/pdf", "text/plain", "image/gif", "image/jpeg", "text/html; charset=windows-1252",
    "application/xml", "text/xml", "image/png", "application/msword", "text/css",
    "application/x-javascript", "application/javascript", "application/vnd.ms-excel",
    "application/vnd.ms-powerpoint", "application/zip", "application/octet-stream",
    "text/html; charset=GB2312", "text/html; charset=Big5", "text/html; charset=EUC-KR",
    "application/rss+xml", "application/x-shockwave-flash", "text/plain; charset=UTF-8",
  };

  /** Content types of IBM Japan pages: deliberately only a handful (the Figure 1 job's answer). */
  static final String[] JP_CONTENT_TYPES = {
    "text/html; charset=Shift_JIS", "text/html; charset=UTF-8", "text/html; charset=EUC-JP",
    "application/pdf", "image/gif",
  };

  /** Response headers other than content-type; at least MAX_METADATA - 1 of them. */
  static final String[] HEADER_NAMES = {
    "content-length", "server", "date", "last-modified", "etag", "cache-control", "content-language",
    "x-powered-by", "connection", "accept-ranges", "expires", "pragma", "vary", "content-encoding",
    "set-cookie", "keep-alive", "age", "via", "p3p", "x-frame-options",
  };

  static final String[] ANNOTATION_NAMES = {
    "language", "encoding", "location", "title", "author", "keywords", "description", "generator",
    "category", "country", "doctype", "robots",
  };

  static final String[] LANGUAGES = {"en", "en-US", "de", "fr", "zh", "ja", "es", "it", "pt-BR", "ko"};
  static final String[] ENCODINGS = {"UTF-8", "ISO-8859-1", "windows-1252", "Shift_JIS", "GB2312"};

  private static final String[] SERVERS = {
    "IBM_HTTP_Server", "Apache", "Apache/2.2.3 (Red Hat)", "IBM_HTTP_Server/6.1 Apache/2.0.47 (Unix)",
    "Microsoft-IIS/6.0", "Lotus-Domino", "Netscape-Enterprise/6.0", "nginx/0.7.67", "Apache-Coyote/1.1",
    "WebSphere Application Server/6.1",
  };
  private static final String[] CACHE_CONTROL = {
    "no-cache", "max-age=3600", "private", "no-store, no-cache, must-revalidate", "public, max-age=86400",
    "max-age=0",
  };
  private static final String[] POWERED_BY = {"Servlet/2.5 JSP/2.1", "PHP/5.2.6", "ASP.NET", "JSP/2.0"};
  private static final String[] VARY = {"Accept-Encoding", "Accept-Encoding,User-Agent", "User-Agent"};
  private static final String[] LOCATIONS = {
    "Tokyo, JP", "Armonk, NY, US", "San Jose, CA, US", "Boeblingen, DE", "Hursley, GB", "Beijing, CN",
    "Bangalore, IN", "Paris, FR", "Raleigh, NC, US", "Austin, TX, US",
  };
  private static final String[] GENERATORS = {
    "Microsoft FrontPage 5.0", "IBM WebSphere Studio", "Lotus Domino", "Adobe Dreamweaver",
  };
  private static final String[] CATEGORIES = {"products", "support", "news", "services", "research"};
  private static final String[] COUNTRIES = {"US", "JP", "DE", "GB", "FR", "CN", "IN"};
  private static final String[] ROBOTS = {"index,follow", "noindex,nofollow", "index,nofollow"};
  private static final String[] DOCTYPES = {"html4-transitional", "xhtml1-strict", "html4-strict"};
  private static final String[] SUFFIXES = {".html", ".html", ".htm", ".shtml", "/", ".pdf", ".jsp"};

  private CrawlVocabulary() {}

  static String japanUrl(SplittableRandom random) {
    return url(random, JP_SITES);
  }

  static String otherUrl(SplittableRandom random) {
    // "w3.ibm.com" + "/jpxyz" would match the predicate by accident; draw again (still deterministic).
    String url;
    do {
      url = url(random, OTHER_SITES);
    } while (url.contains(CrawlData.IBM_JP));
    return url;
  }

  /** A url of either kind, in the dataset's proportions. */
  static String anyUrl(SplittableRandom random) {
    return random.nextInt(1000) < CrawlData.IBM_JP_PERMILLE ? japanUrl(random) : otherUrl(random);
  }

  private static String url(SplittableRandom random, String[] sites) {
    StringBuilder url = new StringBuilder(96).append("http://").append(RowRandom.pick(random, sites));
    int segments = RowRandom.between(random, 1, 4);
    for (int i = 0; i < segments; i++) {
      url.append('/').append(HtmlText.word(random));
    }
    return url.append(RowRandom.pick(random, SUFFIXES)).toString();
  }

  /** A crawler's session and tracking parameters, as long crawled urls carry them; never contains {@code ibm.com/jp}. */
  static String queryString(SplittableRandom random) {
    return "?session=" + hex(random) + hex(random) + "&ref=" + hex(random)
        + "&utm_source=crawler&utm_medium=link&utm_campaign=" + random.nextInt(1000);
  }

  private static String hex(SplittableRandom random) {
    return Long.toHexString(random.nextLong());
  }

  static String headerValue(SplittableRandom random, String name) {
    return switch (name) {
      case "server" -> skewed(random, SERVERS);
      case "cache-control" -> skewed(random, CACHE_CONTROL);
      case "content-language" -> skewed(random, LANGUAGES);
      case "x-powered-by" -> skewed(random, POWERED_BY);
      case "connection" -> random.nextInt(4) == 0 ? "close" : "Keep-Alive";
      case "accept-ranges" -> "bytes";
      case "pragma" -> "no-cache";
      case "vary" -> skewed(random, VARY);
      case "content-encoding" -> random.nextInt(5) == 0 ? "deflate" : "gzip";
      case "keep-alive" -> "timeout=" + RowRandom.between(random, 5, 15) + ", max=100";
      case "via" -> "1.1 proxy" + random.nextInt(8) + ".ibm.com";
      case "p3p" -> "CP=\"NON CUR OTPi OUR NOR UNI\"";
      case "x-frame-options" -> random.nextBoolean() ? "SAMEORIGIN" : "DENY";
      default -> throw new IllegalArgumentException("no value rule for header " + name);
    };
  }

  static String annotationValue(SplittableRandom random, String name) {
    return switch (name) {
      case "location" -> skewed(random, LOCATIONS);
      case "author" -> "IBM " + HtmlText.capitalised(HtmlText.word(random));
      case "keywords" -> HtmlText.word(random) + ", " + HtmlText.word(random) + ", " + HtmlText.word(random);
      case "description" -> HtmlText.title(random) + " " + HtmlText.title(random);
      case "generator" -> skewed(random, GENERATORS);
      case "category" -> skewed(random, CATEGORIES);
      case "country" -> skewed(random, COUNTRIES);
      case "doctype" -> skewed(random, DOCTYPES);
      case "robots" -> skewed(random, ROBOTS);
      default -> throw new IllegalArgumentException("no value rule for annotation " + name);
    };
  }

  private static String skewed(SplittableRandom random, String[] values) {
    return values[RowRandom.skewedIndex(random, values.length)];
  }
}
