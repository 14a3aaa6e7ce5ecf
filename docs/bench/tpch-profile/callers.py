#!/usr/bin/env python3
import sys, re, collections
# callers.py START-END TOPFRAME_SUBSTRING: who calls the samples whose top frame matches (2 frames up)
s, e = sys.argv[1].split('-'); key = sys.argv[2]
c = collections.Counter(); cur_t=None; frames=[]
def flush():
    if cur_t and frames and s <= cur_t <= e and key in frames[0]: c[' < '.join(frames[1:4])] += 1
for line in sys.stdin:
    line=line.strip()
    if line.startswith('jdk.ExecutionSample'): flush(); cur_t=None; frames=[]
    elif line.startswith('startTime ='):
        m=re.search(r'(\d\d:\d\d:\d\d)', line); cur_t=m.group(1) if m else None
    elif line.endswith(']') or 'line:' in line:
        f=line.split('(')[0].strip()
        if f and not f.startswith('stackTrace') and not f.startswith('...'): frames.append(f)
flush()
for k,v in c.most_common(8): print(v, k)
