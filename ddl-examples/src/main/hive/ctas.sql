-- CREATE TABLE ... STORED AS CIF AS SELECT: from a TEXTFILE table (every column) and from an ORC
-- table (an aggregate).
-- Run: bin/cif hive -f ddl-examples/src/main/hive/ctas.sql

CREATE TABLE sales_text (id INT, region STRING, product STRING, amount DECIMAL(10,2), sold DATE, note STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY ','
STORED AS TEXTFILE;

INSERT INTO sales_text
SELECT pos, elt(pos % 4 + 1, 'north', 'south', 'east', 'west'), concat('p', pos % 13),
       cast(pos * 1.25 AS DECIMAL(10,2)), date_add('2024-01-01', pos % 90),
       IF(pos % 9 = 0, NULL, concat('n', pos))
FROM (SELECT posexplode(split(space(299), ' ')) AS (pos, x)) g;

CREATE TABLE sales_orc STORED AS ORC AS SELECT * FROM sales_text;

-- From TEXTFILE: every column, compressed with zstd.
CREATE TABLE sales_cif STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:zstd') AS SELECT * FROM sales_text;

-- From ORC: an aggregate per region and month.
CREATE TABLE region_month STORED AS CIF AS
SELECT region, month(sold) AS m, count(*) AS n, sum(amount) AS total FROM sales_orc GROUP BY region, month(sold);

SELECT * FROM sales_cif WHERE id % 25 = 0;

SELECT region, count(*), sum(amount), min(sold), max(sold), count(note) FROM sales_cif GROUP BY region;

SELECT * FROM region_month;
