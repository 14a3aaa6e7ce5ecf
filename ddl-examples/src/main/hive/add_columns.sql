-- ALTER TABLE ... ADD COLUMNS on a CIF table. The split-directories written before the change have
-- no files for the new columns: they read NULL for them.
-- Run: bin/cif hive -f ddl-examples/src/main/hive/add_columns.sql

CREATE TABLE events (id INT, kind STRING) STORED AS CIF;

INSERT INTO events
SELECT pos, elt(pos % 3 + 1, 'click', 'view', 'buy')
FROM (SELECT posexplode(split(space(99), ' ')) AS (pos, x)) g;

ALTER TABLE events ADD COLUMNS (score DOUBLE, props MAP<STRING,STRING>);

INSERT INTO events
SELECT 100 + pos, elt(pos % 3 + 1, 'click', 'view', 'buy'), pos / 4.0, map('src', concat('s', pos % 2))
FROM (SELECT posexplode(split(space(49), ' ')) AS (pos, x)) g;

-- Old rows show NULL in score and props.
SELECT id, kind, score, props['src'] FROM events;

SELECT count(*), count(score), count(props) FROM events;

SELECT kind, avg(score), count(*) FROM events GROUP BY kind;
