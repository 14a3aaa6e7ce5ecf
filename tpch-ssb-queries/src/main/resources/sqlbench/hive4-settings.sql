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
