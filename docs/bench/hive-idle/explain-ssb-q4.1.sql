CREATE DATABASE txt; CREATE DATABASE c; CREATE DATABASE o;
-- SSB text staging tables over the generator's '|'-delimited files. txt: database, file:///DATA/ssb/sf1: data directory URI.
CREATE EXTERNAL TABLE txt.lineorder (
  lo_orderkey BIGINT, lo_linenumber INT, lo_custkey BIGINT, lo_partkey BIGINT, lo_suppkey BIGINT,
  lo_orderdate INT, lo_orderpriority STRING, lo_shippriority STRING, lo_quantity INT, lo_extendedprice BIGINT,
  lo_ordtotalprice BIGINT, lo_discount INT, lo_revenue BIGINT, lo_supplycost BIGINT, lo_tax INT,
  lo_commitdate INT, lo_shipmode STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION 'file:///DATA/ssb/sf1/lineorder';

CREATE EXTERNAL TABLE txt.customer (
  c_custkey BIGINT, c_name STRING, c_address STRING, c_city STRING, c_nation STRING, c_region STRING,
  c_phone STRING, c_mktsegment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION 'file:///DATA/ssb/sf1/customer';

CREATE EXTERNAL TABLE txt.supplier (
  s_suppkey BIGINT, s_name STRING, s_address STRING, s_city STRING, s_nation STRING, s_region STRING,
  s_phone STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION 'file:///DATA/ssb/sf1/supplier';

CREATE EXTERNAL TABLE txt.part (
  p_partkey BIGINT, p_name STRING, p_mfgr STRING, p_category STRING, p_brand1 STRING, p_color STRING,
  p_type STRING, p_size INT, p_container STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION 'file:///DATA/ssb/sf1/part';

CREATE EXTERNAL TABLE txt.dates (
  d_datekey INT, d_date STRING, d_dayofweek STRING, d_month STRING, d_year INT, d_yearmonthnum INT,
  d_yearmonth STRING, d_daynuminweek INT, d_daynuminmonth INT, d_daynuminyear INT, d_monthnuminyear INT,
  d_weeknuminyear INT, d_sellingseason STRING, d_lastdayinweekfl INT, d_lastdayinmonthfl INT,
  d_holidayfl INT, d_weekdayfl INT)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION 'file:///DATA/ssb/sf1/dates';
-- Hive 4 settings for the SSB and TPC-H runs (every format gets the same). Lines are SET k=v;
-- Cost-based optimizer with statistics gathered at load, map joins for the dimension tables.
SET hive.cbo.enable=true;
SET hive.stats.autogather=true;
SET hive.compute.query.using.stats=false;
SET hive.stats.fetch.column.stats=true;
SET hive.auto.convert.join=true;
SET hive.auto.convert.join.noconditionaltask=true;
SET hive.auto.convert.join.noconditionaltask.size=100000000;
SET hive.strict.checks.cartesian.product=false;
SET hive.mapred.mode=nonstrict;
SET hive.optimize.ppd=true;
SET hive.optimize.index.filter=true;
-- Vectorized execution: used where the reader supports it (ORC, Parquet, text); others run row at a time.
SET hive.vectorized.execution.enabled=true;
SET hive.vectorized.execution.reduce.enabled=true;
-- Never answer from the results cache: every run reads the table.
SET hive.query.results.cache.enabled=false;
SET hive.fetch.task.conversion=none;
-- One writer per task; CTAS output files as the input splits make them.
SET hive.merge.mapfiles=false;
SET hive.merge.mapredfiles=false;
SET hive.exec.reducers.bytes.per.reducer=256000000;
CREATE TABLE c.lineorder STORED AS CIF AS SELECT * FROM txt.lineorder;
CREATE TABLE o.lineorder STORED AS ORC AS SELECT * FROM txt.lineorder;
ANALYZE TABLE c.lineorder COMPUTE STATISTICS; ANALYZE TABLE c.lineorder COMPUTE STATISTICS FOR COLUMNS;
ANALYZE TABLE o.lineorder COMPUTE STATISTICS; ANALYZE TABLE o.lineorder COMPUTE STATISTICS FOR COLUMNS;
CREATE TABLE c.customer STORED AS CIF AS SELECT * FROM txt.customer;
CREATE TABLE o.customer STORED AS ORC AS SELECT * FROM txt.customer;
ANALYZE TABLE c.customer COMPUTE STATISTICS; ANALYZE TABLE c.customer COMPUTE STATISTICS FOR COLUMNS;
ANALYZE TABLE o.customer COMPUTE STATISTICS; ANALYZE TABLE o.customer COMPUTE STATISTICS FOR COLUMNS;
CREATE TABLE c.supplier STORED AS CIF AS SELECT * FROM txt.supplier;
CREATE TABLE o.supplier STORED AS ORC AS SELECT * FROM txt.supplier;
ANALYZE TABLE c.supplier COMPUTE STATISTICS; ANALYZE TABLE c.supplier COMPUTE STATISTICS FOR COLUMNS;
ANALYZE TABLE o.supplier COMPUTE STATISTICS; ANALYZE TABLE o.supplier COMPUTE STATISTICS FOR COLUMNS;
CREATE TABLE c.part STORED AS CIF AS SELECT * FROM txt.part;
CREATE TABLE o.part STORED AS ORC AS SELECT * FROM txt.part;
ANALYZE TABLE c.part COMPUTE STATISTICS; ANALYZE TABLE c.part COMPUTE STATISTICS FOR COLUMNS;
ANALYZE TABLE o.part COMPUTE STATISTICS; ANALYZE TABLE o.part COMPUTE STATISTICS FOR COLUMNS;
CREATE TABLE c.dates STORED AS CIF AS SELECT * FROM txt.dates;
CREATE TABLE o.dates STORED AS ORC AS SELECT * FROM txt.dates;
ANALYZE TABLE c.dates COMPUTE STATISTICS; ANALYZE TABLE c.dates COMPUTE STATISTICS FOR COLUMNS;
ANALYZE TABLE o.dates COMPUTE STATISTICS; ANALYZE TABLE o.dates COMPUTE STATISTICS FOR COLUMNS;
USE c;
EXPLAIN
select d_year, c_nation, sum(lo_revenue - lo_supplycost) as profit
from dates, customer, supplier, part, lineorder
where lo_custkey = c_custkey
  and lo_suppkey = s_suppkey
  and lo_partkey = p_partkey
  and lo_orderdate = d_datekey
  and c_region = 'AMERICA'
  and s_region = 'AMERICA'
  and (p_mfgr = 'MFGR#1' or p_mfgr = 'MFGR#2')
group by d_year, c_nation
order by d_year, c_nation;
USE o;
EXPLAIN
select d_year, c_nation, sum(lo_revenue - lo_supplycost) as profit
from dates, customer, supplier, part, lineorder
where lo_custkey = c_custkey
  and lo_suppkey = s_suppkey
  and lo_partkey = p_partkey
  and lo_orderdate = d_datekey
  and c_region = 'AMERICA'
  and s_region = 'AMERICA'
  and (p_mfgr = 'MFGR#1' or p_mfgr = 'MFGR#2')
group by d_year, c_nation
order by d_year, c_nation;
