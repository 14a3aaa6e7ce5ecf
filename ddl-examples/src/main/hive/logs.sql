-- Web server logs partitioned by day and stored as CIF: every partition directory holds CIF
-- split-directories. One day goes into a static partition, three more into dynamic partitions.
-- Run: bin/cif hive -f ddl-examples/src/main/hive/logs.sql

CREATE TABLE logs (
  ts      BIGINT,
  host    STRING,
  path    STRING,
  status  INT,
  bytes   BIGINT,
  headers MAP<STRING,STRING>)
PARTITIONED BY (dt STRING)
STORED AS CIF;

-- A static partition: its value is named in the statement.
INSERT INTO logs PARTITION (dt = '2024-01-01')
SELECT 1704067200 + pos * 37, concat('h', pos % 4), concat('/p/', pos % 9),
       CASE pos % 6 WHEN 3 THEN 304 WHEN 4 THEN 404 WHEN 5 THEN 500 ELSE 200 END,
       pos * 13 % 5000,
       map('user-agent', elt(pos % 3 + 1, 'curl', 'firefox', 'chrome'), 'referer', concat('r', pos % 5))
FROM (SELECT posexplode(split(space(149), ' ')) AS (pos, x)) g;

-- Dynamic partitions: the last column of the SELECT names each row's partition.
SET hive.exec.dynamic.partition=true;
SET hive.exec.dynamic.partition.mode=nonstrict;
INSERT INTO logs PARTITION (dt)
SELECT 1704153600 + pos * 29, concat('h', pos % 5), concat('/q/', pos % 7),
       CASE pos % 5 WHEN 1 THEN 404 WHEN 2 THEN 500 ELSE 200 END,
       pos * 7 % 9000,
       IF(pos % 8 = 0, NULL, map('user-agent', elt(pos % 3 + 1, 'curl', 'firefox', 'chrome'))),
       concat('2024-01-0', 2 + pos % 3)
FROM (SELECT posexplode(split(space(299), ' ')) AS (pos, x)) g;

SHOW PARTITIONS logs;

-- Rows and bytes per day.
SELECT dt, count(*), sum(bytes) FROM logs GROUP BY dt;

-- Errors on one day: only that partition's directories are read.
SELECT host, status, count(*) FROM logs WHERE dt = '2024-01-03' AND status >= 400 GROUP BY host, status;

-- User agents over the dynamic partitions (NULL where a row has no headers).
SELECT dt, headers['user-agent'], count(*) FROM logs WHERE dt >= '2024-01-02' GROUP BY dt, headers['user-agent'];
