#!/usr/bin/env python3
"""Allocation samples (by weight) in two time windows, by class and top four frames, over the containers JFR files
in JFR_DIR. Usage: python3 container_alloc.py CIF_FROM CIF_TO ORC_FROM ORC_TO"""
import os, re, subprocess, glob, collections, sys
a, b, c, d = sys.argv[1:5]
res = {'cif': collections.Counter(), 'orc': collections.Counter()}
tot = collections.Counter()
for f in sorted(glob.glob(os.environ.get('JFR_DIR', '/tmp/cjfr') + '/*-id-1-*.jfr')):
    out = subprocess.run(['jfr','print','--events','jdk.ObjectAllocationSample','--stack-depth','30',f],capture_output=True,text=True).stdout
    for ev in out.split('jdk.ObjectAllocationSample')[1:]:
        t = re.search(r'startTime = (\d\d:\d\d:\d\d)', ev).group(1)
        k = 'cif' if a <= t <= b else 'orc' if c <= t <= d else None
        if not k: continue
        w = re.search(r'weight = ([\d.]+) (bytes|kB|MB|GB)', ev)
        v = float(w.group(1)) * {'bytes':1,'kB':1e3,'MB':1e6,'GB':1e9}[w.group(2)]
        cls = re.search(r'objectClass = ([^\s]+)', ev).group(1)
        frames = [l.strip().split('(')[0].strip() for l in ev.splitlines() if 'line:' in l]
        key = cls + ' <- ' + ' < '.join(frames[:4])
        res[k][key] += v; tot[k] += v
for k in res:
    print('==', k, 'total MB %.0f' % (tot[k]/1e6))
    for key, v in res[k].most_common(25): print('  %8.0f MB %s' % (v/1e6, key[:300]))
