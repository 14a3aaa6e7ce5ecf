#!/usr/bin/env python3
"""Sums `cif meta` per-column bytes (stdin) over split-directories: column -> MB, with its layout."""
import sys, collections
size = collections.Counter(); lay = {}
for line in sys.stdin:
    p = line.split()
    if len(p) >= 6 and p[-1].isdigit() and p[-2].isdigit() and p[0] != 'column':
        size[p[0]] += int(p[-1]); lay[p[0]] = p[-4]
for c in size: print(f"{c}\t{lay[c]}\t{size[c]/1e6:.2f}")
print(f"total\t\t{sum(size.values())/1e6:.2f}")
