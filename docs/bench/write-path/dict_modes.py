#!/usr/bin/env python3
# For each string column of SSB's text data: split into blocks as DictWriter fills them (256 KiB of encoded
# values or 65,536 rows), and per block compare the dictionary mode's bytes (ids + entries) with the inline
# mode's (length + bytes); report the distinct ratio and which mode each threshold (0.5: CIF; 0.8: ORC) picks.
import sys, glob, os
BLOCK = 256 << 10; MAXROWS = 1 << 16
def uv(n):
    s = 1
    while n >= 128: n >>= 7; s += 1
    return s
cols = {'lineorder': [6, 7, 16], 'customer': [1, 2, 3, 4, 5, 6, 7], 'supplier': [1, 2, 3, 4, 5, 6],
        'part': [1, 2, 3, 4, 5, 6, 8], 'dates': [1, 2, 3, 6, 12]}
names = {'lineorder': ['lo_orderpriority', 'lo_shippriority', 'lo_shipmode']}
base = sys.argv[1]
for t, idx in cols.items():
    files = sorted(glob.glob(os.path.join(base, t, '*')))
    state = {i: dict(seen={}, n=0, dictb=0, inl=0, blocks=[]) for i in idx}
    def close(s):
        if s['n']: s['blocks'].append((len(s['seen']) / s['n'], s['dictb'], s['inl']))
        s.update(seen={}, n=0, dictb=0, inl=0)
    for f in files:
        with open(f, 'rb') as fh:
            for line in fh:
                p = line.rstrip(b'\n').split(b'|')
                for i in idx:
                    s = state[i]; v = p[i]
                    seen = s['seen']
                    if v not in seen:
                        seen[v] = len(seen); s['dictb'] += uv(len(v)) + len(v)
                    s['dictb'] += uv(seen[v] + 1); s['inl'] += uv(len(v) + 1) + len(v)
                    s['n'] += 1
                    if min(s['dictb'], s['inl']) >= BLOCK or s['n'] >= MAXROWS: close(s)
    for i in idx:
        s = state[i]; close(s); b = s['blocks']
        ratio = sum(x[0] for x in b) / len(b)
        d = sum(x[1] for x in b); n = sum(x[2] for x in b)
        pick = lambda th: sum(x[2] if x[0] > th else x[1] for x in b)
        best = sum(min(x[1], x[2]) for x in b)
        mixed = sum(1 for x in b if 0.5 < x[0] <= 0.8)
        print(f"{t}.{i}: blocks {len(b)}, distinct/values {ratio:.3f}, dict {d/1e6:.2f} MB, inline {n/1e6:.2f} MB, "
              f"rule 0.5 {pick(0.5)/1e6:.2f} MB, rule 0.8 {pick(0.8)/1e6:.2f} MB, best {best/1e6:.2f} MB, blocks in (0.5,0.8] {mixed}")
