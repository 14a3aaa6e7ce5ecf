-- TPC-H text staging tables over dbgen-format '|'-delimited files (dates as DATE).
-- ${db}: database, ${data}: data directory URI, ${money}: the type of the money and quantity columns
-- (DOUBLE by default, as hive-testbench declares them; DECIMAL(15,2), TPC-H's own type, with --money decimal).
CREATE EXTERNAL TABLE ${db}.nation (n_nationkey INT, n_name STRING, n_regionkey INT, n_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/nation';

CREATE EXTERNAL TABLE ${db}.region (r_regionkey INT, r_name STRING, r_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/region';

CREATE EXTERNAL TABLE ${db}.part (
  p_partkey BIGINT, p_name STRING, p_mfgr STRING, p_brand STRING, p_type STRING, p_size INT,
  p_container STRING, p_retailprice ${money}, p_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/part';

CREATE EXTERNAL TABLE ${db}.supplier (
  s_suppkey BIGINT, s_name STRING, s_address STRING, s_nationkey INT, s_phone STRING, s_acctbal ${money},
  s_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/supplier';

CREATE EXTERNAL TABLE ${db}.partsupp (
  ps_partkey BIGINT, ps_suppkey BIGINT, ps_availqty INT, ps_supplycost ${money}, ps_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/partsupp';

CREATE EXTERNAL TABLE ${db}.customer (
  c_custkey BIGINT, c_name STRING, c_address STRING, c_nationkey INT, c_phone STRING, c_acctbal ${money},
  c_mktsegment STRING, c_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/customer';

CREATE EXTERNAL TABLE ${db}.orders (
  o_orderkey BIGINT, o_custkey BIGINT, o_orderstatus STRING, o_totalprice ${money}, o_orderdate DATE,
  o_orderpriority STRING, o_clerk STRING, o_shippriority INT, o_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/orders';

CREATE EXTERNAL TABLE ${db}.lineitem (
  l_orderkey BIGINT, l_partkey BIGINT, l_suppkey BIGINT, l_linenumber INT, l_quantity ${money},
  l_extendedprice ${money}, l_discount ${money}, l_tax ${money}, l_returnflag STRING, l_linestatus STRING,
  l_shipdate DATE, l_commitdate DATE, l_receiptdate DATE, l_shipinstruct STRING, l_shipmode STRING,
  l_comment STRING)
ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '${data}/lineitem';
