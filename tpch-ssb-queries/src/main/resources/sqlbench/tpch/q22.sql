-- TPC-H Q22 (global sales opportunity); I1..I7 = 13, 31, 23, 29, 30, 18, 17.
-- The scalar average is a one-row derived table; NOT EXISTS (an order) is an anti join.
select cntrycode, count(*) as numcust, sum(c_acctbal) as totacctbal
from (
  select substring(c_phone, 1, 2) as cntrycode, c_acctbal
  from customer
  cross join (
    select avg(c_acctbal) as avg_acctbal
    from customer
    where c_acctbal > 0.00
      and substring(c_phone, 1, 2) in ('13', '31', '23', '29', '30', '18', '17')
  ) average
  left outer join (select distinct o_custkey from orders) buyers on c_custkey = buyers.o_custkey
  where substring(c_phone, 1, 2) in ('13', '31', '23', '29', '30', '18', '17')
    and c_acctbal > avg_acctbal
    and buyers.o_custkey is null
) custsale
group by cntrycode
order by cntrycode;
