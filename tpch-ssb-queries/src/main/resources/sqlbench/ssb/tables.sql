-- SSB text staging tables over the generator's '|'-delimited files. ${db}: database, ${data}: data directory URI.
CREATE EXTERNAL TABLE ${db}.lineorder (
  lo_orderkey BIGINT, lo_linenumber INT, lo_custkey BIGINT, lo_partkey BIGINT, lo_suppkey BIGINT,
  lo_orderdate INT, lo_orderpriority STRING, lo_shippriority STRING, lo_quantity INT, lo_extendedprice BIGINT,
  lo_ordtotalprice BIGINT, lo_discount INT, lo_revenue BIGINT, lo_supplycost BIGINT, lo_tax INT,
  lo_commitdate INT, lo_shipmode STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/lineorder';

CREATE EXTERNAL TABLE ${db}.customer (
  c_custkey BIGINT, c_name STRING, c_address STRING, c_city STRING, c_nation STRING, c_region STRING,
  c_phone STRING, c_mktsegment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/customer';

CREATE EXTERNAL TABLE ${db}.supplier (
  s_suppkey BIGINT, s_name STRING, s_address STRING, s_city STRING, s_nation STRING, s_region STRING,
  s_phone STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/supplier';

CREATE EXTERNAL TABLE ${db}.part (
  p_partkey BIGINT, p_name STRING, p_mfgr STRING, p_category STRING, p_brand1 STRING, p_color STRING,
  p_type STRING, p_size INT, p_container STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/part';

CREATE EXTERNAL TABLE ${db}.dates (
  d_datekey INT, d_date STRING, d_dayofweek STRING, d_month STRING, d_year INT, d_yearmonthnum INT,
  d_yearmonth STRING, d_daynuminweek INT, d_daynuminmonth INT, d_daynuminyear INT, d_monthnuminyear INT,
  d_weeknuminyear INT, d_sellingseason STRING, d_lastdayinweekfl INT, d_lastdayinmonthfl INT,
  d_holidayfl INT, d_weekdayfl INT)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/dates';
