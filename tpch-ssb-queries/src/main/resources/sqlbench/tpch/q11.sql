-- TPC-H Q11 (important stock identification); NATION = GERMANY, FRACTION = 0.0001.
-- The HAVING clause's scalar subquery is a one-row derived table joined to every group.
select ps_partkey, value
from (
  select ps_partkey, sum(ps_supplycost * ps_availqty) as value
  from partsupp, supplier, nation
  where ps_suppkey = s_suppkey
    and s_nationkey = n_nationkey
    and n_name = 'GERMANY'
  group by ps_partkey
) part_value
cross join (
  select sum(ps_supplycost * ps_availqty) * 0.0001 as threshold
  from partsupp, supplier, nation
  where ps_suppkey = s_suppkey
    and s_nationkey = n_nationkey
    and n_name = 'GERMANY'
) total
where value > threshold
order by value desc;
