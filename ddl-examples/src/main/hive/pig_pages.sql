-- Hive reads what Pig wrote: an EXTERNAL TABLE over the CIF dataset stored by
-- ddl-examples/src/main/pig/roundtrip.pig. Columns are matched by name.
-- Run: bin/cif pig -f ddl-examples/src/main/pig/roundtrip.pig, then bin/cif hive -f ddl-examples/src/main/hive/pig_pages.sql

CREATE EXTERNAL TABLE pig_pages (url STRING, ctype STRING, len INT, chars BIGINT, metadata MAP<STRING,STRING>)
STORED AS CIF
LOCATION '/tmp/cif-examples/pig-pages';

-- Every row, as Pig stored it.
SELECT url, ctype, len, chars, metadata FROM pig_pages;

-- Pages and characters per content type.
SELECT ctype, count(*), sum(chars) FROM pig_pages GROUP BY ctype;
