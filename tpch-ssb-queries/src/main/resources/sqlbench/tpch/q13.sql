-- TPC-H Q13 (customer distribution); WORD1 = special, WORD2 = requests.
-- The outer join's extra ON condition filters the orders before the join.
select c_count, count(*) as custdist
from (
  select c_custkey, count(o_orderkey) as c_count
  from customer
  left outer join (select o_orderkey, o_custkey from orders where o_comment not like '%special%requests%') o
    on c_custkey = o.o_custkey
  group by c_custkey
) c_orders
group by c_count
order by custdist desc, c_count desc;
