package dev.cif.bench.sql;

import java.util.List;

/**
 * The crawl-map workload (issue 20): a crawl-like table whose {@code metadata} map has 12 HTTP header
 * keys (an md5 etag, a sha256 cookie, a non-ASCII key; one row in seven has only 4 keys), made in
 * Hive itself, and the queries that read one key, two keys, a missing key, whole maps, and the
 * paper's crawl query.
 */
final class CrawlMapQueries {
  private CrawlMapQueries() {}

  /** A named query over table $t. */
  record Query(String name, String sql) {}

  static final List<Query> QUERIES = List.of(
      new Query("one key, every row", "SELECT metadata['content-type'], count(*) FROM $t GROUP BY metadata['content-type']"),
      new Query("one key, 10% filter", "SELECT metadata['server'], count(*) FROM $t WHERE site = 3 GROUP BY metadata['server']"),
      new Query("two keys", "SELECT metadata['content-type'], metadata['server'], count(*) FROM $t"
          + " GROUP BY metadata['content-type'], metadata['server']"),
      new Query("non-ASCII key", "SELECT metadata['x-caché'], count(*) FROM $t GROUP BY metadata['x-caché']"),
      new Query("missing key", "SELECT count(metadata['no-such-key']) FROM $t"),
      new Query("whole maps: size", "SELECT sum(size(metadata)) FROM $t"),
      new Query("crawl query (6%)", "SELECT DISTINCT metadata['content-type'] FROM $t WHERE url LIKE '%ibm.com/jp%'"));

  /**
   * The rows, made from two 1,000-row (or smaller) sequences crossed: rows = a x b. url holds
   * ibm.com/jp for 6% of rows; site is 0-9 (10% each); content is about 500 bytes.
   */
  static String rows(long rows) {
    long a = Math.min(1000, rows);
    long b = (rows + a - 1) / a;
    return "SELECT id, concat('http://', CASE WHEN id % 50 < 3 THEN 'www.ibm.com/jp/' ELSE concat('site', id % 97, '.example.org/') END,"
        + " 'page', id) AS url, 1300000000 + id * 7 AS fetchtime, cast(id % 10 AS INT) AS site,"
        + " CASE WHEN id % 7 = 0 THEN map('content-type', 'text/plain', 'server', 'gws', 'date', concat('d', id), 'age', '1')"
        + " ELSE map('content-type', CASE id % 5 WHEN 0 THEN 'text/html' WHEN 1 THEN 'image/png' WHEN 2 THEN 'application/pdf'"
        + " ELSE 'text/html; charset=utf-8' END,"
        + " 'server', CASE id % 3 WHEN 0 THEN 'nginx' WHEN 1 THEN 'Apache' ELSE 'gws' END,"
        + " 'date', concat('Tue, ', id % 28, ' Mar 2011 ', id % 86400), 'etag', md5(cast(id AS STRING)),"
        + " 'set-cookie', sha2(cast(id AS STRING), 256), 'x-caché', concat('v', id % 5), 'vary', 'Accept-Encoding',"
        + " 'cache-control', concat('max-age=', id % 100), 'content-length', cast(id % 9000 AS STRING),"
        + " 'last-modified', concat('Mon, ', id % 30, ' Feb 2011'), 'connection', 'close', 'x-powered-by', 'PHP/5') END AS metadata,"
        + " concat(repeat('lorem ipsum dolor sit amet ', 18), id) AS content"
        + " FROM (SELECT a.i * " + b + " + b.j AS id"
        + " FROM (SELECT posexplode(split(space(" + (a - 1) + "), ' ')) AS (i, x)) a"
        + " CROSS JOIN (SELECT posexplode(split(space(" + (b - 1) + "), ' ')) AS (j, y)) b) s"
        + " WHERE id < " + rows;
  }
}
