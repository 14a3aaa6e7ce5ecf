#!/usr/bin/env python3
"""Top frames, threads and inclusive counts of the execution samples in two time windows (HH:MM:SS), over the JFR
files of every container in JFR_DIR. Usage: python3 container_top.py CIF_FROM CIF_TO ORC_FROM ORC_TO"""
import os, re, subprocess, glob, collections, sys
a, b, c, d = sys.argv[1:5]
wins = {'cif': (a, b), 'orc': (c, d)}
top = {k: collections.Counter() for k in wins}; thr = {k: collections.Counter() for k in wins}; incl = {k: collections.Counter() for k in wins}
tot = collections.Counter()
for f in sorted(glob.glob(os.environ.get('JFR_DIR', '/tmp/cjfr') + '/*-id-1-*.jfr')):
    out = subprocess.run(['jfr','print','--events','jdk.ExecutionSample','--stack-depth','80',f],capture_output=True,text=True).stdout
    for ev in out.split('jdk.ExecutionSample')[1:]:
        t = re.search(r'startTime = (\d\d:\d\d:\d\d)', ev).group(1)
        k = next((k for k, (s, e) in wins.items() if s <= t <= e), None)
        if not k: continue
        frames = [l.strip().split('(')[0].strip() for l in ev.splitlines() if 'line:' in l]
        if not frames: continue
        th = re.search(r'sampledThread = "([^"]*)"', ev); th = re.sub(r'\d+', 'N', th.group(1)) if th else '?'
        tot[k] += 1; top[k][frames[0]] += 1; thr[k][th] += 1
        seen = set()
        for x in frames:
            for key in ('dev.cif.', 'org.apache.orc.', 'hive.ql.io.orc', 'org.apache.hadoop.hdfs', 'LazySimpleDeserializeRead', 'VectorDeserializeRow', 'VectorExtractRow', 'LineRecordReader', 'FileSinkOperator', 'java.util.zip', 'io.airlift', 'ConcurrentClose'):
                if key in x and key not in seen: seen.add(key); incl[k][key] += 1
for k in wins:
    print('==', k, tot[k])
    print(' incl:', dict(incl[k].most_common()))
    print(' threads:', dict(thr[k].most_common(8)))
    for f, n in top[k].most_common(30): print('  %5d %s' % (n, f))
