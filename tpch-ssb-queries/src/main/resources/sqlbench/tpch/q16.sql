-- TPC-H Q16 (parts/supplier relationship); BRAND = Brand#45, TYPE = MEDIUM POLISHED,
-- SIZE = 49, 14, 23, 45, 19, 3, 36, 9. NOT IN (complaining suppliers) is an anti join.
select p_brand, p_type, p_size, count(distinct ps_suppkey) as supplier_cnt
from partsupp
join part on p_partkey = ps_partkey
left outer join (select s_suppkey from supplier where s_comment like '%Customer%Complaints%') bad
  on ps_suppkey = bad.s_suppkey
where p_brand <> 'Brand#45'
  and p_type not like 'MEDIUM POLISHED%'
  and p_size in (49, 14, 23, 45, 19, 3, 36, 9)
  and bad.s_suppkey is null
group by p_brand, p_type, p_size
order by supplier_cnt desc, p_brand, p_type, p_size;
