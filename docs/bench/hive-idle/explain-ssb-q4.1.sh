#!/usr/bin/env bash
# docs/bench/hive-idle/explain-ssb-q4.1.sh DATA_DIR: EXPLAIN of SSB q4.1 on CIF and on ORC (explain-ssb-q4.1.txt).
# DATA_DIR holds the SSB generator's text (a bench-sql run's DIR/ssb/sf1). Loads both formats by CTAS with the
# benchmark's settings, computes the statistics as bench-sql does, then prints each format's plan; the plan
# with Hive's semijoin reduction allowed on map joins follows (the setting before the last EXPLAIN).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd -P)"
res="$root/tpch-ssb-queries/src/main/resources/sqlbench"
data="$(cd "$1" && pwd -P)"
work="$(mktemp -d)"
{
  echo "CREATE DATABASE txt; CREATE DATABASE c; CREATE DATABASE o;"
  sed -e 's/\${db}/txt/g' -e "s|\${data}|file://$data|g" "$res/ssb/tables.sql"
  cat "$res/hive4-settings.sql"
  for t in lineorder customer supplier part dates; do
    for db in c o; do
      [[ $db == c ]] && as=CIF || as=ORC
      echo "CREATE TABLE $db.$t STORED AS $as AS SELECT * FROM txt.$t;"
      echo "ANALYZE TABLE $db.$t COMPUTE STATISTICS; ANALYZE TABLE $db.$t COMPUTE STATISTICS FOR COLUMNS;"
    done
  done
  for db in c o c; do
    [[ $db == c && -n "${second:-}" ]] && echo "SET hive.tez.dynamic.semijoin.reduction.for.mapjoin=true;"
    second=1
    echo "USE $db;"
    echo "EXPLAIN"
    grep -v '^--' "$res/ssb/q4.1.sql"
  done
} > "$work/explain.sql"
"$root/bin/cif" hive --warehouse "$work/wh" -f "$work/explain.sql"
rm -rf "$work"
