#!/usr/bin/env python3
import sys, re, collections
# Streams `jfr print --events jdk.ExecutionSample --stack-depth N` output; buckets samples by time window and
# counts (a) top frames, (b) samples with any frame in given packages (inclusive).
win = {}  # name -> (start,end) "HH:MM:SS"
for a in sys.argv[1:]:
    n, s, e = a.split('=')[0], a.split('=')[1].split('-')[0], a.split('=')[1].split('-')[1]
    win[n] = (s, e)
top = {n: collections.Counter() for n in win}
incl = {n: collections.Counter() for n in win}
tot = collections.Counter()
cur_t = None; frames = []; thread = ''
def flush():
    if cur_t is None or not frames: return
    for n, (s, e) in win.items():
        if s <= cur_t <= e:
            tot[n] += 1
            top[n][frames[0]] += 1
            seen = set()
            for f in frames:
                for key in ('dev.cif.', 'org.apache.orc.', 'org.apache.hadoop.hive.ql.io.orc', 'org.apache.hadoop.hive.serde2', 'org.apache.hadoop.hive.ql.exec.FileSinkOperator', 'org.apache.avro', 'io.airlift', 'dev.cif.hive.HiveRowAppender'):
                    if f.startswith(key) and key not in seen:
                        seen.add(key); incl[n][key] += 1
                m = re.match(r'(dev\.cif\.[\w.$]+)\.', f)
                if m and m.group(1) not in seen:
                    seen.add(m.group(1)); incl[n][m.group(1)] += 1
for line in sys.stdin:
    line = line.strip()
    if line.startswith('jdk.ExecutionSample'):
        flush(); cur_t = None; frames = []
    elif line.startswith('startTime ='):
        m = re.search(r'(\d\d:\d\d:\d\d)', line); cur_t = m.group(1) if m else None
    elif line.endswith(']') or 'line:' in line:
        f = line.split('(')[0].strip()
        if f and not f.startswith('stackTrace') and not f.startswith('...'): frames.append(f)
flush()
for n in win:
    print(f"== {n}: {tot[n]} samples")
    print("  top frames:")
    for f, c in top[n].most_common(25): print(f"    {c:6d} {f}")
    print("  inclusive:")
    for f, c in incl[n].most_common(40): print(f"    {c:6d} {f}")
