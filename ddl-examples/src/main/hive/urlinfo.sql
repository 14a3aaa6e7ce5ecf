-- The paper's URLInfo table (Floratou, Patel, Shekita, Tata: "Column-Oriented Storage Techniques for
-- MapReduce", VLDB 2011): crawled pages with two maps, stored as CIF with the maps in dictionary-
-- compressed skip list (DCSL) columns and the content compressed; then the paper's crawl query.
-- Run: bin/cif hive -f ddl-examples/src/main/hive/urlinfo.sql

CREATE TABLE urlinfo (
  url         STRING,
  srcurl      STRING,
  fetchtime   BIGINT,
  inlink      ARRAY<STRING>,
  outlink     ARRAY<STRING>,
  metadata    MAP<STRING,STRING>,
  annotations MAP<STRING,STRING>,
  content     STRING)
STORED AS CIF
TBLPROPERTIES ('cif.layout' = 'metadata:dcsl,annotations:dcsl', 'cif.codec' = 'content:lz4');

-- Load 400 generated pages: a quarter under ibm.com/jp, every seventh without a content type.
INSERT INTO urlinfo
SELECT concat('http://', elt(pos % 4 + 1, 'www.ibm.com/jp', 'www.ibm.com/us', 'jp.example.org', 'www.ibm.com/jp/ja'),
              '/page', pos, '.html'),
       concat('http://www.example.org/links', pos % 13, '.html'),
       1230000000000 + pos * 60000,
       IF(pos % 5 = 0, array(concat('http://in.example.org/', pos % 11)),
          array(concat('http://in.example.org/', pos % 11), concat('http://in.example.org/', pos % 17))),
       array(concat('http://out.example.org/', pos)),
       IF(pos % 7 = 6,
          map('server', concat('srv', pos % 3), 'length', cast(pos * 100 AS STRING)),
          map('content-type', elt(pos % 5 + 1, 'text/html', 'text/plain', 'application/pdf', 'image/png', 'text/xml'),
              'server', concat('srv', pos % 3), 'length', cast(pos * 100 AS STRING))),
       map('lang', elt(pos % 3 + 1, 'ja', 'en', 'de'), 'spam', IF(pos % 10 = 0, 'yes', 'no')),
       repeat(concat('word', pos, ' '), 50)
FROM (SELECT posexplode(split(space(399), ' ')) AS (pos, x)) pages;

-- The crawl query: the content types of the pages under ibm.com/jp. CIF reads two columns and, of
-- each metadata map, one key.
SELECT DISTINCT metadata['content-type'] FROM urlinfo WHERE url LIKE '%ibm.com/jp%';

-- Pages and inlinks per server and language.
SELECT metadata['server'], annotations['lang'], count(*), sum(size(inlink))
FROM urlinfo GROUP BY metadata['server'], annotations['lang'];

-- Whole rows of the pages marked as spam (map keys sorted, since a map's order is not kept).
SELECT url, srcurl, fetchtime, inlink, outlink, sort_array(map_keys(metadata)), metadata['length'],
       annotations['lang'], length(content)
FROM urlinfo WHERE annotations['spam'] = 'yes';
