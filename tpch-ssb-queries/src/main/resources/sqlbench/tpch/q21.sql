-- TPC-H Q21 (suppliers who kept orders waiting); NATION = SAUDI ARABIA.
-- EXISTS (another supplier on the order) and NOT EXISTS (another late supplier) become counts of
-- distinct suppliers per order: more than one in all, exactly one (this one) among the late lines.
select s_name, count(*) as numwait
from lineitem l1
join supplier on s_suppkey = l1.l_suppkey
join nation on s_nationkey = n_nationkey
join orders on o_orderkey = l1.l_orderkey
join (select l_orderkey, count(distinct l_suppkey) as suppliers from lineitem group by l_orderkey) every_line
  on every_line.l_orderkey = l1.l_orderkey
join (select l_orderkey, count(distinct l_suppkey) as suppliers from lineitem
      where l_receiptdate > l_commitdate group by l_orderkey) late_line
  on late_line.l_orderkey = l1.l_orderkey
where o_orderstatus = 'F'
  and l1.l_receiptdate > l1.l_commitdate
  and n_name = 'SAUDI ARABIA'
  and every_line.suppliers > 1
  and late_line.suppliers = 1
group by s_name
order by numwait desc, s_name
limit 100;
