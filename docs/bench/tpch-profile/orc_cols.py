#!/usr/bin/env python3
"""Sums ORC's per-column stream lengths over every file FileDump prints (stdin): column -> bytes."""
import sys, re, collections
size = collections.Counter(); names = None
for line in sys.stdin:
    m = re.match(r'\s*Stream: column (\d+) section (\w+) start: \d+ length (\d+)', line)
    if m: size[int(m.group(1))] += int(m.group(3)); continue
    if names is None:
        t = re.match(r'Type: struct<(.*)>', line.strip())
        if t: names = ['(root)'] + [f.split(':')[0] for f in re.split(r',(?![^<]*>)', t.group(1))]
for c in sorted(size):
    n = names[c] if names and c < len(names) else str(c)
    print(f"{n}\t{size[c]/1e6:.2f}")
print(f"total\t{sum(size.values())/1e6:.2f}")
