#!/bin/bash
# Tez local's per-task copy of hive-exec, with and without it (docs/bench/hive-idle.md, "The jar copy of a short
# statement"). Usage: docs/bench/hive-idle/jar-copy.sh DIR TURNS, from the source tree.
# Creates a 2-row CIF table in DIR's warehouse, then takes turns: the jar (CIF_HIVE_EXEC=jar, Tez copies it for every
# task) and the expanded directory (bin/cif's default). Prints each command's statements' execution times (Hive's
# "Completed executing ... Time taken" in DIR/wh/cif-hive.log), its wall and CPU time, and the answers.
set -euo pipefail
dir=$1; turns=${2:-5}
mkdir -p "$dir"
if [[ ! -d "$dir/wh/metastore_db" ]]; then
  bin/cif hive --warehouse "$dir/wh" -e "create table t (a int, b string) stored as cif; insert into t values (1,'x'),(2,'y')" > /dev/null
fi
q="select count(*) from t; select count(*) from t where a>1; select count(*) from t where b='x'; select count(*) from t where b>'a'"
for i in $(seq 1 "$turns"); do
  for mode in jar dir; do
    : > "$dir/wh/cif-hive.log"
    if [[ $mode == jar ]]; then export CIF_HIVE_EXEC=jar; else unset CIF_HIVE_EXEC; fi
    /usr/bin/time -o "$dir/time" -f "%e s wall, %U s user, %S s sys" bin/cif hive --warehouse "$dir/wh" -e "$q" > "$dir/answers" 2> /dev/null
    executions=$(grep "Completed executing" "$dir/wh/cif-hive.log" | grep -o "Time taken: [0-9.]*" | awk '{printf "%s ", $3}')
    echo "turn $i $mode: executions ${executions}s; $(cat "$dir/time"); answers $(tr '\n' ' ' < "$dir/answers")"
  done
done
