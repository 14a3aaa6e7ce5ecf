-- TPC-H Q17 (small-quantity-order revenue); BRAND = Brand#23, CONTAINER = MED BOX.
-- The correlated average is a derived table per part.
select sum(l_extendedprice) / 7.0 as avg_yearly
from lineitem
join part on p_partkey = l_partkey
join (select l_partkey as avg_partkey, 0.2 * avg(l_quantity) as small_quantity from lineitem group by l_partkey) a
  on p_partkey = a.avg_partkey
where p_brand = 'Brand#23'
  and p_container = 'MED BOX'
  and l_quantity < a.small_quantity;
