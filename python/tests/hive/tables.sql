-- The Hive-written tables the Python reader's tests read (python/tests/hive/write.sh runs this).
-- One row source with every Hive type CIF stores, then one table per codec, and one that forces the
-- layouts that are not defaults (PLAIN, SKIP_LIST on scalars and maps, DCSL without keyed blocks).
-- Small blocks so that every column has several blocks, skip entries and DCSL mode changes.
CREATE TABLE src STORED AS CIF AS
SELECT pos AS id,
  CAST(pos % 100 - 50 AS TINYINT) AS ti,
  CAST(pos * 7 - 10000 AS SMALLINT) AS si,
  CAST(pos * 104729 AS INT) AS i,
  CAST(pos AS BIGINT) * 1000000007 - 5 AS bi,
  pos % 3 = 0 AS b,
  CAST(pos / 7.0 AS FLOAT) AS f,
  CAST(pos / 3.0 - 100 AS DOUBLE) AS d,
  CAST(pos * 1.25 - 77 AS DECIMAL(10,2)) AS dec_small,
  CAST(pos * 123456789.123 AS DECIMAL(30,5)) AS dec_wide,
  concat('s-', pos % 37) AS s,
  CAST(concat('c', pos % 5) AS CHAR(4)) AS ch,
  CAST(concat('vc-', pos, '-é') AS VARCHAR(12)) AS vc,
  date_add('2020-01-01', pos % 400) AS dt,
  CAST(concat('2021-03-04 05:06:', lpad(pos % 60, 2, '0'), '.123') AS TIMESTAMP) AS ts,
  CAST(concat('bin', pos) AS BINARY) AS bin,
  array(concat('a', pos), concat('b', pos % 3)) AS arr,
  map('server', concat('srv', pos % 4), 'type', concat('t', pos % 3), 'len', CAST(pos AS STRING)) AS hdr,
  map(concat('k', pos), pos, concat('j', pos % 7), pos * 2) AS wide_map,
  named_struct('x', pos, 'y', concat('y', pos % 9)) AS st,
  IF(pos % 5 = 0, NULL, concat('n', pos % 11)) AS ns,
  IF(pos % 4 = 0, NULL, pos) AS ni,
  IF(pos % 6 = 0, NULL, map('a', pos % 3, 'b', pos)) AS nm,
  IF(pos % 9 = 0, NULL, CAST(pos % 13 AS DOUBLE) / 4) AS nd
FROM (SELECT posexplode(split(space(2999), ' '))) g;
CREATE TABLE codec_none STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:none', 'cif.block.bytes' = '8192') AS SELECT * FROM src;
CREATE TABLE codec_zlib STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:zlib', 'cif.block.bytes' = '8192') AS SELECT * FROM src;
CREATE TABLE codec_lz4 STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:lz4', 'cif.block.bytes' = '8192') AS SELECT * FROM src;
CREATE TABLE codec_snappy STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:snappy', 'cif.block.bytes' = '8192') AS SELECT * FROM src;
CREATE TABLE codec_zstd STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:zstd', 'cif.block.bytes' = '8192') AS SELECT * FROM src;
CREATE TABLE codec_lzo STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:lzo', 'cif.block.bytes' = '8192') AS SELECT * FROM src;
CREATE TABLE layouts STORED AS CIF TBLPROPERTIES ('cif.codec' = 'f:zstd,hdr:snappy,*:zlib', 'cif.block.bytes' = '4096',
  'cif.skip.levels' = '64,8', 'cif.dcsl.key-streams' = 'false',
  'cif.layout' = 'i:plain,bi:sl,b:plain,s:sl,ns:plain,dec_small:sl,dt:plain,bin:dict,arr:plain,st:plain,nm:sl')
  AS SELECT * FROM src;
SELECT count(*) FROM codec_none;
