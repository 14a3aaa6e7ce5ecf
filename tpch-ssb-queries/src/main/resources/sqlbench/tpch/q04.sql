-- TPC-H Q4 (order priority checking); DATE = 1993-07-01, + 3 months = 1993-10-01.
-- EXISTS (a late line of the order) is a semi join.
select o_orderpriority, count(*) as order_count
from orders
left semi join (select l_orderkey from lineitem where l_commitdate < l_receiptdate) late
  on o_orderkey = late.l_orderkey
where o_orderdate >= date '1993-07-01'
  and o_orderdate < date '1993-10-01'
group by o_orderpriority
order by o_orderpriority;
