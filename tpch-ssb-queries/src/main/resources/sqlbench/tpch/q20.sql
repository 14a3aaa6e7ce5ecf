-- TPC-H Q20 (potential part promotion); COLOR = forest, DATE = 1994-01-01, NATION = CANADA.
-- The nested IN with a correlated sum becomes joins with a derived table of shipped quantities.
select s_name, s_address
from supplier, nation
where s_suppkey in (
    select ps_suppkey
    from partsupp
    join (select p_partkey from part where p_name like 'forest%') forest on ps_partkey = forest.p_partkey
    join (
      select l_partkey, l_suppkey, 0.5 * sum(l_quantity) as half_shipped
      from lineitem
      where l_shipdate >= date '1994-01-01'
        and l_shipdate < date '1995-01-01'
      group by l_partkey, l_suppkey
    ) shipped on ps_partkey = shipped.l_partkey and ps_suppkey = shipped.l_suppkey
    where ps_availqty > shipped.half_shipped)
  and s_nationkey = n_nationkey
  and n_name = 'CANADA'
order by s_name;
