package dev.cif.testing.crawl;

import dev.cif.testing.rows.RowGenerator;
import dev.cif.testing.rows.RowRandom;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * Crawled pages with the URLInfo schema of paper Figure 2 (the intranet-search dataset of §6.3).
 *
 * <pre>
 * record URLInfo {
 *   string url; string srcUrl;
 *   long fetchTime (timestamp-millis);
 *   array&lt;string&gt; inlink;              0-20 urls
 *   map&lt;string&gt; metadata;              5-15 HTTP response headers
 *   map&lt;string&gt; annotations;           0-10 extracted annotations
 *   bytes content;                       2-8 KB of HTML-like text
 * }
 * </pre>
 *
 * <p>About {@value #IBM_JP_PERMILLE}‰ of urls contain {@link #IBM_JP}, the §6.3 predicate (selectivity
 * "approximately 6%"). Those pages draw their content-type from {@link CrawlVocabulary#JP_CONTENT_TYPES},
 * a handful of values, so the Figure 1 job has a small, checkable answer; other pages draw from the wider
 * {@link CrawlVocabulary#CONTENT_TYPES}. A few pages have no content-type header at all, as on the web.
 *
 * <p>This is the one crawl generator: the benchmarks, {@code bin/cif demo} and the tests of every module
 * read it. A test that needs smaller pages, longer urls or null source urls asks for a {@link CrawlShape}
 * rather than writing a generator of its own.
 */
public final class CrawlData implements RowGenerator {

  public static final String IBM_JP = "ibm.com/jp";
  public static final int IBM_JP_PERMILLE = 60;
  public static final String CONTENT_TYPE = "content-type";
  public static final int MAX_INLINKS = 20;
  public static final int MIN_METADATA = 5;
  public static final int MAX_METADATA = 15;
  public static final int MAX_ANNOTATIONS = 10;
  public static final int MIN_CONTENT = 2048;
  public static final int MAX_CONTENT = 8192;
  /** Pages (per mille) whose response carried no content-type header. */
  private static final int MISSING_CONTENT_TYPE_PERMILLE = 20;
  /** 2011-01-01T00:00:00Z, the day of the paper's loading example. */
  private static final long CRAWL_START_MILLIS = 1_293_840_000_000L;
  private static final long CRAWL_WINDOW_MILLIS = 30L * 24 * 3600 * 1000;
  private static final long MAX_PAGE_AGE_MILLIS = 3L * 365 * 24 * 3600 * 1000;
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

  /** The random stream of a row that {@link CrawlShape}'s options draw from; the row's own is stream 0. */
  private static final int SHAPE_STREAM = 1;

  private static final Schema SCHEMA = buildSchema(false);
  private static final Schema SCHEMA_WITH_SEED_PAGES = buildSchema(true);

  private final long seed;
  private final CrawlShape shape;

  /** The crawl of the paper's shape, as the benchmarks write it. */
  public CrawlData(long seed) {
    this(seed, CrawlShape.PAPER);
  }

  public CrawlData(long seed, CrawlShape shape) {
    this.seed = seed;
    this.shape = shape;
  }

  private static Schema buildSchema(boolean seedPages) {
    Schema timestamp = LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
    // The namespace is where the class lived when the benchmark data was first written; it is part of
    // every file's schema, so keeping it keeps the data byte-identical across the move to the kit.
    return SchemaBuilder.record("URLInfo").namespace("dev.cif.bench.data").fields()
        .requiredString("url")
        .name("srcUrl").type(seedPages ? nullableString() : Schema.create(Schema.Type.STRING)).noDefault()
        .name("fetchTime").type(timestamp).noDefault()
        .name("inlink").type().array().items().stringType().noDefault()
        .name("metadata").type().map().values().stringType().noDefault()
        .name("annotations").type().map().values().stringType().noDefault()
        .requiredBytes("content")
        .endRecord();
  }

  private static Schema nullableString() {
    return Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING));
  }

  /** The schema of the paper's shape. */
  public static Schema schemaOf() {
    return SCHEMA;
  }

  @Override
  public String name() {
    return "crawl";
  }

  @Override
  public long seed() {
    return seed;
  }

  @Override
  public Schema schema() {
    return shape.nullableSource() ? SCHEMA_WITH_SEED_PAGES : SCHEMA;
  }

  /** Row {@code index}; a {@link GenericData.Record}, so that a test may break a copy on purpose. */
  @Override
  public GenericData.Record row(long index) {
    SplittableRandom random = RowRandom.forRow(seed, index, 0);
    SplittableRandom own = RowRandom.forRow(seed, index, SHAPE_STREAM);
    boolean ibmJapan = random.nextInt(1000) < IBM_JP_PERMILLE;
    String url = ibmJapan ? CrawlVocabulary.japanUrl(random) : CrawlVocabulary.otherUrl(random);
    long fetchTime = CRAWL_START_MILLIS + random.nextLong(CRAWL_WINDOW_MILLIS);
    byte[] content = HtmlText.page(random, RowRandom.between(random, shape.minContent, shape.maxContent));

    GenericData.Record record = new GenericData.Record(schema());
    record.put("url", new Utf8(shape.url(url, own)));
    record.put("srcUrl", shape.srcUrl(CrawlVocabulary.anyUrl(random), own));
    record.put("fetchTime", fetchTime);
    record.put("inlink", inlinks(random));
    record.put("metadata", metadata(random, ibmJapan, fetchTime, content.length));
    record.put("annotations", annotations(random, ibmJapan));
    record.put("content", ByteBuffer.wrap(content));
    return record;
  }

  private static List<Utf8> inlinks(SplittableRandom random) {
    int count = random.nextInt(MAX_INLINKS + 1);
    List<Utf8> links = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      links.add(new Utf8(CrawlVocabulary.anyUrl(random)));
    }
    return links;
  }

  private static Map<Utf8, Utf8> metadata(
      SplittableRandom random, boolean ibmJapan, long fetchTime, int contentLength) {
    int size = RowRandom.between(random, MIN_METADATA, MAX_METADATA);
    Map<Utf8, Utf8> headers = new LinkedHashMap<>();
    if (random.nextInt(1000) >= MISSING_CONTENT_TYPE_PERMILLE) {
      String[] types = ibmJapan ? CrawlVocabulary.JP_CONTENT_TYPES : CrawlVocabulary.CONTENT_TYPES;
      put(headers, CONTENT_TYPE, types[RowRandom.skewedIndex(random, types.length)]);
    }
    // A random subset of the other headers, in random order, fills the map up to its size.
    for (String name : RowRandom.sample(random, CrawlVocabulary.HEADER_NAMES, size - headers.size())) {
      put(headers, name, headerValue(random, name, fetchTime, contentLength));
    }
    return headers;
  }

  private static String headerValue(SplittableRandom random, String name, long fetchTime, int length) {
    return switch (name) {
      case "content-length" -> Integer.toString(length);
      case "date" -> httpDate(fetchTime);
      case "last-modified" -> httpDate(fetchTime - random.nextLong(MAX_PAGE_AGE_MILLIS));
      case "expires" -> httpDate(fetchTime + random.nextLong(CRAWL_WINDOW_MILLIS));
      case "etag" -> "\"" + Long.toHexString(random.nextLong()) + "\"";
      case "age" -> Integer.toString(random.nextInt(86_400));
      case "set-cookie" -> "JSESSIONID=" + Long.toHexString(random.nextLong()).toUpperCase() + "; Path=/";
      default -> CrawlVocabulary.headerValue(random, name);
    };
  }

  private static Map<Utf8, Utf8> annotations(SplittableRandom random, boolean ibmJapan) {
    int size = random.nextInt(MAX_ANNOTATIONS + 1);
    Map<Utf8, Utf8> notes = new LinkedHashMap<>();
    for (String name : RowRandom.sample(random, CrawlVocabulary.ANNOTATION_NAMES, size)) {
      String value = switch (name) {
        case "language" -> ibmJapan ? "ja" : RowRandom.pick(random, CrawlVocabulary.LANGUAGES);
        case "encoding" -> ibmJapan ? "Shift_JIS" : RowRandom.pick(random, CrawlVocabulary.ENCODINGS);
        case "title" -> HtmlText.title(random);
        default -> CrawlVocabulary.annotationValue(random, name);
      };
      put(notes, name, value);
    }
    return notes;
  }

  private static void put(Map<Utf8, Utf8> map, String key, String value) {
    map.put(new Utf8(key), new Utf8(value));
  }

  private static String httpDate(long millis) {
    return HTTP_DATE.format(Instant.ofEpochMilli(millis));
  }

  /** The url of a row as a plain string, for tests and reference answers. */
  public static String urlOf(GenericRecord record) {
    return record.get("url").toString();
  }
}
