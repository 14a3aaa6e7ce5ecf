-- TPC-H Q15 (top supplier); DATE = 1996-01-01, + 3 months = 1996-04-01. Uses the view revenue0.
-- The view's expressions carry their column names as aliases too: Spark refuses a permanent view whose
-- aggregate has no alias (CREATE_PERMANENT_VIEW_WITHOUT_ALIAS), even with the column list; Hive takes both.
drop view if exists revenue0;
create view revenue0 (supplier_no, total_revenue) as
  select l_suppkey as supplier_no, sum(l_extendedprice * (1 - l_discount)) as total_revenue
  from lineitem
  where l_shipdate >= date '1996-01-01'
    and l_shipdate < date '1996-04-01'
  group by l_suppkey;
select s_suppkey, s_name, s_address, s_phone, total_revenue
from supplier, revenue0
where s_suppkey = supplier_no
  and total_revenue = (select max(total_revenue) from revenue0)
order by s_suppkey;
drop view revenue0;
