#!/usr/bin/env python3
"""Containers per query and layout, from a Tez session application master's logs.

Usage: am_containers.py DIR, DIR the application master's log directory (container_*_000001 of the session's
application under the NodeManager's log directory). Per DAG that reads tables of the warehouse: the layout (the
database of its inputs), its tables, the containers it launched, its tasks run in new and in reused containers,
the match level (node, rack, any) and node of each new container; then the totals per layout.
import glob, re, sys, os
from collections import Counter
am = sys.argv[1]
files = sorted(glob.glob(os.path.join(am, 'syslog_dag_*')), key=lambda f: int(re.search(r'_(\d+)(_post)?$', f).group(1)) + (0.5 if f.endswith('_post') else 0))
live = set()
rows = []
for f in files:
    if f.endswith('_post'):
        continue
    text = open(f, errors='replace').read()
    m = re.search(r'Running DAG: (.{0,40})', text)
    name = m.group(1) if m else '?'
    dbs = sorted(set(re.findall(r'first input is hdfs://[^/]+/warehouse/external/(\w+)\.db/(\w+)', text)))
    held_at_start = len(live)
    launched = re.findall(r'Launching (container_\S+)', text)
    assigns = re.findall(r'Assigning container (container_\S+) to task (attempt_\S+) host=(\S+) .*?match=(\S+) lastTask=(\S+)', text)
    new = sum(1 for a in assigns if a[4] == 'null')
    reused = len(assigns) - new
    levels = Counter('node' if a[3].startswith('node') else 'rack' if a[3].startswith('/') else 'any' for a in assigns if a[4] == 'null' or True)
    newlevels = Counter('node' if a[3].startswith('node') else 'rack' if a[3].startswith('/') else 'any' for a in assigns if a[4] == 'null')
    hosts = Counter(a[2].split('.')[0] for a in assigns if a[4] == 'null')
    for c in launched: live.add(c)
    for c in re.findall(r'Releasing expired idle container (container_\S+)', text): live.discard(c)
    for c in re.findall(r'Container (container_\S+) completed with status', text): live.discard(c)
    if not dbs: continue
    layout = ','.join(sorted(set(d for d, t in dbs)))
    tables = ','.join(sorted(set(t for d, t in dbs)))
    rows.append((os.path.basename(f).split('_')[-1], layout, tables, len(launched), new, reused, dict(newlevels), dict(hosts)))
print('dag | layout | tables | launched | tasks in new | tasks in reused | new by match | new on node')
for r in rows: print(' | '.join(map(str, r)))
tot = {}
for r in rows:
    t = tot.setdefault(r[1], [0, 0, 0, 0])
    t[0] += 1; t[1] += r[3]; t[2] += r[4]; t[3] += r[5]
print()
print('layout | DAGs | containers launched | tasks in new containers | tasks in reused containers')
for k, t in tot.items(): print(k, '|', ' | '.join(map(str, t)))
