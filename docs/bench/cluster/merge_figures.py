"""Issue #30's merge criteria from two cluster benchmark reports of one workload, before and after the merge:
per table the split-directories and their median against the merge target, NameNode objects of CIF beside
ORC's (ORC with its own merge on), and the geomean query time after over before per format, with the load
averages the reports recorded. Usage: merge_figures.py BEFORE.md AFTER.md [TARGET_BYTES, default 256000000]."""
import math, re, sys

def report(path):
    text = open(path).read()
    objects, walls = {}, {}
    for line in text.splitlines():
        c = [x.strip() for x in line.split('|')]
        if len(c) > 10 and c[1] in ('cif', 'orc') and c[3].isdigit():
            objects[(c[1], c[2])] = dict(objects=int(c[6]), bytes=int(c[7].replace(',', '')),
                                         dirs=c[8], median=c[9])
        elif len(c) > 4 and re.match(r'q\d', c[1]) and c[2] in ('cif', 'orc') and re.fullmatch(r'[\d.]+', c[3]):
            walls[(c[1], c[2])] = float(c[3])
    start = re.search(r'load average at start: ([\d.]+ [\d.]+ [\d.]+)', text)
    end = re.search(r'Load average at end: ([\d.]+ [\d.]+ [\d.]+)', text)
    return objects, walls, start.group(1) if start else '?', end.group(1) if end else '?'

def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))

before, after = report(sys.argv[1]), report(sys.argv[2])
target = int(sys.argv[3]) if len(sys.argv) > 3 else 256_000_000
print(f'| table | CIF split-dirs before → after | median split-dir after | / target ({target:,} B) | criterion | '
      'CIF objects before → after | ORC objects before → after | CIF / ORC after |')
print('|---|---|---|---|---|---|---|---|')
tables = sorted({t for f, t in after[0] if f == 'cif'})
tot = dict(cb=0, ca=0, ob=0, oa=0)
for t in tables:
    cb, ca = before[0].get(('cif', t)), after[0][('cif', t)]
    ob, oa = before[0].get(('orc', t)), after[0].get(('orc', t))
    median = int(ca['median'].replace(',', ''))
    ok = 'met (one split-directory)' if ca['dirs'] == '1' else ('met' if median >= 0.8 * target else 'NOT met')
    tot['cb'] += cb['objects'] if cb else 0; tot['ca'] += ca['objects']
    tot['ob'] += ob['objects'] if ob else 0; tot['oa'] += oa['objects'] if oa else 0
    print(f"| {t} | {cb['dirs'] if cb else '?'} → {ca['dirs']} | {median:,} | {median / target:.0%} | {ok} | "
          f"{cb['objects'] if cb else '?'} → {ca['objects']} | {ob['objects'] if ob else '?'} → {oa['objects'] if oa else '?'} | "
          + (f"{ca['objects'] / oa['objects']:.1f}×" if oa else 'n/a') + ' |')
print(f"| **all** | | | | | **{tot['cb']} → {tot['ca']}** | **{tot['ob']} → {tot['oa']}** | **{tot['ca'] / tot['oa']:.1f}×** |")
print()
for f in ('cif', 'orc'):
    qs = [q for (q, g) in after[1] if g == f and (q, f) in before[1]]
    if not qs: continue
    b, a = geomean([before[1][(q, f)] for q in qs]), geomean([after[1][(q, f)] for q in qs])
    print(f'{f}: geomean wall over {len(qs)} queries, before {b:.2f} s, after {a:.2f} s, after / before {a / b:.2f}×')
print(f'load average (1/5/15 min) before: start {before[2]}, end {before[3]}; after: start {after[2]}, end {after[3]}')
