#!/usr/bin/env python3
"""Compilations (summed durations, by method and tier) and deoptimizations in two time windows, over the containers
JFR files in JFR_DIR. Usage: python3 container_jit.py CIF_FROM CIF_TO ORC_FROM ORC_TO"""
import os, re, subprocess, glob, collections, sys
a, b, c, d = sys.argv[1:5]
comp = {'cif': collections.Counter(), 'orc': collections.Counter()}
tot = collections.Counter(); n = collections.Counter(); deopt = {'cif': collections.Counter(), 'orc': collections.Counter()}
def win(t):
    return 'cif' if a <= t <= b else 'orc' if c <= t <= d else None
def events(f, name):
    """(window, event text) of each event of a JFR file that starts inside one of the two windows."""
    out = subprocess.run(['jfr', 'print', '--events', name, f], capture_output=True, text=True).stdout
    for ev in out.split(name)[1:]:
        mt = re.search(r'startTime = (\d\d:\d\d:\d\d)', ev)
        k = win(mt.group(1)) if mt else None
        if k: yield k, ev
for f in sorted(glob.glob(os.environ.get('JFR_DIR', '/tmp/cjfr') + '/*-id-1-*.jfr')):
    for k, ev in events(f, 'jdk.Compilation'):
        m = re.search(r'duration = ([\d.]+) (ms|s|us)', ev)
        v=float(m.group(1)); u=m.group(2); v = v*1000 if u=='s' else v/1000 if u=='us' else v
        meth = re.search(r'method = (.*)', ev).group(1).strip()
        lvl = re.search(r'compileLevel = (\d)', ev)
        comp[k][meth + ' L' + (lvl.group(1) if lvl else '?')] += v; tot[k] += v; n[k] += 1
    for k, ev in events(f, 'jdk.Deoptimization'):
        meth = re.search(r'method = (.*)', ev); reason = re.search(r'reason = "?([^"\n]*)', ev)
        deopt[k][(meth.group(1).strip() if meth else '?')[:120] + ' / ' + (reason.group(1) if reason else '?')] += 1
for k in comp:
    print('==', k, 'compile ms %.0f in %d compilations (events over threshold only)' % (tot[k], n[k]))
    for m, v in comp[k].most_common(20): print('  %7.0f %s' % (v, m[:200]))
    print('  deopts', sum(deopt[k].values()))
    for m, v in deopt[k].most_common(10): print('  %5d %s' % (v, m))
