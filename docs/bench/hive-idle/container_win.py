#!/usr/bin/env python3
"""Per second, over the JFR files of every container in JFR_DIR (default /tmp/cjfr; the first recording of each
JVM, *-id-1-*): execution samples with a CIF writer frame, an ORC writer frame or neither, by thread, and the
summed G1 pauses and compilation times. Usage: JFR_DIR=DIR python3 container_win.py > windows.txt"""
import os, re, subprocess, glob, collections, sys
secs = collections.defaultdict(collections.Counter)
gcs = collections.defaultdict(float); jit = collections.defaultdict(float)
for f in sorted(glob.glob(os.environ.get('JFR_DIR', '/tmp/cjfr') + '/*-id-1-*.jfr')):
    out = subprocess.run(['jfr','print','--events','jdk.ExecutionSample','--stack-depth','80',f],capture_output=True,text=True).stdout
    for ev in out.split('jdk.ExecutionSample')[1:]:
        t = re.search(r'startTime = (\d\d:\d\d:\d\d)', ev).group(1)
        k = 'cif' if 'dev.cif.' in ev else 'orc' if ('org.apache.orc.' in ev or 'hive.ql.io.orc' in ev) else 'o'
        th = 'task' if 'TezChild' in ev else 'stream' if 'DataStreamer' in ev or 'ResponseProcessor' in ev else 'other'
        secs[t][k]+=1; secs[t]['th_'+th]+=1
    g = subprocess.run(['jfr','print','--events','jdk.GarbageCollection',f],capture_output=True,text=True).stdout
    for ev in g.split('jdk.GarbageCollection')[1:]:
        t = re.search(r'startTime = (\d\d:\d\d:\d\d)', ev).group(1)
        m = re.search(r'sumOfPauses = ([\d.]+) (ms|s|us)', ev)
        v=float(m.group(1)); u=m.group(2); gcs[t]+= v*1000 if u=='s' else v/1000 if u=='us' else v
    j = subprocess.run(['jfr','print','--events','jdk.Compilation',f],capture_output=True,text=True).stdout
    for ev in j.split('jdk.Compilation')[1:]:
        mt = re.search(r'startTime = (\d\d:\d\d:\d\d)', ev)
        m = re.search(r'duration = ([\d.]+) (ms|s|us)', ev)
        if mt and m:
            v=float(m.group(1)); u=m.group(2); jit[mt.group(1)]+= v*1000 if u=='s' else v/1000 if u=='us' else v
for t in sorted(set(secs)|set(gcs)):
    c=secs[t]; print(t, 'cif',c['cif'],'orc',c['orc'],'o',c['o'], 'task',c['th_task'],'stream',c['th_stream'],'other',c['th_other'], 'gc_ms %.0f'%gcs[t], 'jit_ms %.0f'%jit[t])
