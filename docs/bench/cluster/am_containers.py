#!/usr/bin/env python3
"""Containers per query and layout, from a Tez session application master's logs.

Usage: am_containers.py DIR, DIR the application master's log directory (container_*_000001 of the session's
application under the NodeManager's log directory). Per DAG that reads tables of the warehouse: the layout (the
database of its inputs), its tables, the containers it launched, its tasks run in new and in reused containers,
the match level (node, rack, any) and node of each new container; then the totals per layout.
"""
import glob, os, re, sys
from collections import Counter


def dag_number(path):
    return int(re.search(r'_(\d+)$', path).group(1))


am = sys.argv[1]
files = sorted((f for f in glob.glob(os.path.join(am, 'syslog_dag_*')) if not f.endswith('_post')), key=dag_number)
rows = []
for f in files:
    text = open(f, errors='replace').read()
    inputs = sorted(set(re.findall(r'first input is hdfs://[^/]+/warehouse/external/(\w+)\.db/(\w+)', text)))
    if not inputs:
        continue
    launched = re.findall(r'Launching (container_\S+)', text)
    assigns = re.findall(r'Assigning container (container_\S+) to task (attempt_\S+) host=(\S+) .*?match=(\S+) lastTask=(\S+)', text)
    new = [a for a in assigns if a[4] == 'null']
    level = Counter('node' if a[3].startswith('node') else 'rack' if a[3].startswith('/') else 'any' for a in new)
    nodes = Counter(a[2].split('.')[0] for a in new)
    rows.append((dag_number(f), ','.join(sorted({d for d, _ in inputs})), ','.join(sorted({t for _, t in inputs})),
                 len(launched), len(new), len(assigns) - len(new), dict(level), dict(nodes)))
print('dag | layout | tables | launched | tasks in new | tasks in reused | new by match | new on node')
for r in rows:
    print(' | '.join(map(str, r)))
totals = {}
for r in rows:
    t = totals.setdefault(r[1], [0, 0, 0, 0])
    t[0] += 1
    t[1] += r[3]
    t[2] += r[4]
    t[3] += r[5]
print()
print('layout | DAGs | containers launched | tasks in new containers | tasks in reused containers')
for k, t in totals.items():
    print(k, '|', ' | '.join(map(str, t)))
