#!/usr/bin/env python3
"""Where a query's time goes on the one-machine cluster: the client's wall time against the Tez DAG's phases.

Usage: query_phases.py AM_DIR REPORT [WARMUPS]

AM_DIR is the Tez session's application master log directory (container_*_000001 of the session's application
under a NodeManager's log directory, target/cif-cluster-it/data/...), REPORT the ClusterBenchmark report of the
same run, WARMUPS its -Dcif.bench.warmups (default 1). The application master logs every DAG's history events
([HISTORY] lines of syslog_dag_*: times in milliseconds since the epoch). The query DAGs (the workload's
lower-case `select` statements over a layout's tables) ran in the report's order: per query, WARMUPS untimed
runs per layout, then the timed runs. Per query and layout, the medians over the timed runs of:

- wall: the client's wall time (the report's rows);
- outside the DAG: wall less the DAG's time (Hive compiling the statement, submitting the DAG, fetching rows);
- dimensions: from the DAG's start until its last dimension vertex (every map vertex but the fact table's)
  ended, the dimension tables read and sent to the fact table's tasks for their map joins;
- fact table: the fact table's vertex from then (or from its start, if later) to its end: its tasks read the fact
  table, probe the dimensions' hash tables and aggregate; a task cannot do so before its hash tables arrived;
- after: from the fact vertex's end to the DAG's end (the reducers' last work).

For star queries (SSB's): the fact table's vertex is the map vertex of the most HDFS bytes read. Prints a table per query and the
geometric means per layout, with each layout's ratio to the last one (ORC in `-Dcif.bench.formats=cif,orc`).
"""
import glob
import math
import os
import re
import statistics
import sys


def dag_number(path):
    return int(re.search(r'_(\d+)$', path).group(1))


def field(line, name):
    m = re.search(r'\b' + name + r'=(-?\d+)', line)
    return int(m.group(1)) if m else None


def query_dags(am_dir):
    """The query DAGs in order: (layout database, statement head, {phase: seconds})."""
    files = sorted((f for f in glob.glob(os.path.join(am_dir, 'syslog_dag_*')) if not f.endswith('_post')), key=dag_number)
    dags = []
    for f in files:
        text = open(f, errors='replace').read()
        head = re.search(r'Running DAG: (.*?) \(Stage-\d+\)', text)
        dbs = set(re.findall(r'first input is hdfs://[^/]+/warehouse/external/(\w+)\.db/', text))
        if not head or not head.group(1).startswith('select ') or len(dbs) != 1:
            continue
        finished = re.search(r'\[Event:DAG_FINISHED\]: (.*)', text).group(1)
        start, end = field(finished, 'startTime'), field(finished, 'finishTime')
        maps = sorted((field(v, 'HDFS_BYTES_READ') or 0, field(v, 'startedTime'), field(v, 'finishTime'))
                      for v in re.findall(r'\[Event:VERTEX_FINISHED\]: (.*)', text) if v.startswith('vertexName=Map'))
        fact, dims = maps[-1], maps[:-1]
        dims_done = max((d[2] for d in dims), default=start)
        dags.append((dbs.pop(), head.group(1), {'dag': (end - start) / 1000, 'dimensions': (dims_done - start) / 1000,
                                                 'fact': (fact[2] - max(dims_done, fact[1])) / 1000,
                                                 'after': (end - fact[2]) / 1000}))
    return dags


def report_walls(report):
    """(query, layout) -> the timed runs' wall seconds, in the report's order of queries."""
    walls, order = {}, []
    for line in open(report):
        m = re.match(r'\| (q[\w.]+)(?: \(run \d+\))? \| ([\w-]+) \| ([\d.]+) \|', line)
        if m:
            q, layout, wall = m.group(1), m.group(2), float(m.group(3))
            if q not in order:
                order.append(q)
            walls.setdefault((q, layout), []).append(wall)
    return walls, order


def main():
    am_dir, report = sys.argv[1], sys.argv[2]
    warmups = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    walls, order = report_walls(report)
    layouts = sorted({l for _, l in walls}, key=lambda l: (l == 'orc', l))
    runs = len(walls[(order[0], layouts[0])])
    per_query = (warmups + runs) * len(layouts)
    dags = query_dags(am_dir)
    # The query DAGs after the loads: the last len(order) * per_query of them.
    dags = dags[len(dags) - len(order) * per_query:]
    if len(dags) != len(order) * per_query:
        sys.exit('found %d query DAGs, expected %d' % (len(dags), len(order) * per_query))
    phases = ['wall', 'outside', 'dimensions', 'fact', 'after']
    medians = {}
    print('| query | layout | wall s | outside the DAG s | dimensions s | fact table s | after s |')
    print('|---|---|---:|---:|---:|---:|---:|')
    for qi, q in enumerate(order):
        chunk = dags[qi * per_query:(qi + 1) * per_query]
        heads = {h for _, h, _ in chunk}
        if len(heads) != 1:
            sys.exit('query %s: its DAGs ran different statements: %s' % (q, heads))
        for layout in layouts:
            db = [d for d, _, _ in chunk if d.endswith('_' + layout.replace('-', '_'))]
            timed = [p for d, _, p in chunk if d.endswith('_' + layout.replace('-', '_'))][warmups:]
            if len(timed) != runs or not db:
                sys.exit('query %s, layout %s: %d timed DAGs, expected %d' % (q, layout, len(timed), runs))
            wall = statistics.median(walls[(q, layout)])
            m = {'wall': wall, 'outside': wall - statistics.median(p['dag'] for p in timed)}
            for k in ('dimensions', 'fact', 'after'):
                m[k] = statistics.median(p[k] for p in timed)
            medians[(q, layout)] = m
            print('| %s | %s | %s |' % (q, layout, ' | '.join('%.2f' % m[k] for k in phases)))
    print()
    print('| layout | ' + ' | '.join(p + ' s (geomean)' for p in phases) + ' |')
    print('|---|' + '---:|' * len(phases))
    geo = {}
    for layout in layouts:
        geo[layout] = {k: math.exp(statistics.mean(math.log(max(medians[(q, layout)][k], 0.001)) for q in order)) for k in phases}
    base = layouts[-1]
    for layout in layouts:
        print('| %s | %s |' % (layout, ' | '.join('%.2f (%.2f×)' % (geo[layout][k], geo[layout][k] / geo[base][k]) for k in phases)))


if __name__ == '__main__':
    main()
