-- Pig -> CIF -> Hive: one row per crawl page, stored with CifStorer for Hive to read
-- (ddl-examples/src/main/hive/pig_pages.sql) and as PigStorage text to compare with.
%default input '/tmp/cif-examples/crawl.txt'
%default cif '/tmp/cif-examples/pig-pages'
%default text '/tmp/cif-examples/pig-pages-text'
pages = LOAD '$input' USING PigStorage('\t') AS (url:chararray, metadata:map[chararray], content:chararray);
rows = FOREACH pages GENERATE url, metadata#'content-type' AS ctype, (int) metadata#'length' AS len,
    SIZE(content) AS chars, metadata;
STORE rows INTO '$cif' USING dev.cif.pig.CifStorer('metadata:dcsl');
STORE rows INTO '$text' USING PigStorage();
