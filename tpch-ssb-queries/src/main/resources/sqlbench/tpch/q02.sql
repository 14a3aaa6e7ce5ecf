-- TPC-H Q2 (minimum cost supplier); SIZE = 15, TYPE = BRASS, REGION = EUROPE.
-- The correlated scalar subquery (min supply cost per part within the region) is a derived table.
select s_acctbal, s_name, n_name, p_partkey, p_mfgr, s_address, s_phone, s_comment
from part
join partsupp on p_partkey = ps_partkey
join supplier on s_suppkey = ps_suppkey
join nation on s_nationkey = n_nationkey
join region on n_regionkey = r_regionkey
join (
  select ps_partkey as min_partkey, min(ps_supplycost) as min_cost
  from partsupp
  join supplier on s_suppkey = ps_suppkey
  join nation on s_nationkey = n_nationkey
  join region on n_regionkey = r_regionkey
  where r_name = 'EUROPE'
  group by ps_partkey
) cheapest on p_partkey = min_partkey and ps_supplycost = min_cost
where p_size = 15
  and p_type like '%BRASS'
  and r_name = 'EUROPE'
order by s_acctbal desc, n_name, s_name, p_partkey
limit 100;
