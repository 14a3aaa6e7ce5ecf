"""Per query of a cluster benchmark report (docs/bench/cluster): CIF's own NameNode calls against Hive's and
Tez's, from the report's "NameNode RPCs by method" column (the DataNodes' own protocol left out).
CIF's own = its column-file and schema-file opens (one getBlockLocations each, NameNodeCallsTest) + getXAttrs
+ its listings, which are all listings less the 1 the engine makes (ORC's runs make tables + 1).
The engine's = the client calls less CIF's own. ORC's own = getBlockLocations less the engine's 2 (ORC's
SSB runs show 2 above its tasks' opens) + listings less 1; "ORC own / files" is per file ORC's tasks opened.
Usage: namenode_calls.py REPORT.md [CIF_LABEL [ORC_LABEL]]: the labels of the report's rows, cif and orc by
default; a paired run's are cif-before or cif-after, and orc-merged."""
import sys, re, math
DN = {'sendHeartbeat','blockReceivedAndDeleted','blockReport','cacheReport','registerDatanode','versionRequest',
      'errorReport','reportBadBlocks','commitBlockSynchronization','sendLifeline'}
def rows(path):
    out = {}
    for l in open(path):
        c = [x.strip() for x in l.split('|')]
        if len(c) < 16 or not re.match(r'q\d', c[1]): continue
        m = dict((k, int(v)) for k, v in (kv.rsplit(' ', 1) for kv in c[15].split(', ') if kv))
        out[(c[1], c[2])] = dict(wall=float(c[3]), opens=int(c[6]), colopens=int(c[11]), files=int(c[12]),
                                  schema=int(c[13]), m=m)
    return out
def client(m): return sum(v for k, v in m.items() if k not in DN)
def lst(m): return m.get('getListing', 0) + m.get('getBatchedListing', 0)
r = rows(sys.argv[1])
CIF = sys.argv[2] if len(sys.argv) > 2 else 'cif'
ORC = sys.argv[3] if len(sys.argv) > 3 else 'orc'
qs = sorted({q for q, f in r}, key=lambda q: [int(x) for x in re.findall(r'\d+', q)])
print('| query | column files needed | CIF: opens + getXAttrs + listings = own calls | own / files | engine\'s calls, CIF | engine\'s calls, ORC | ORC: getBlockLocations + listings, own | ORC own / files |')
print('|---|---|---|---|---|---|---|---|')
ratios = []; eng = []; oratio = []
for q in qs:
    c = r.get((q, CIF)); o = r.get((q, ORC))
    if not c: continue
    cm = c['m']; own_opens = c['colopens'] + c['schema']; xa = cm.get('getXAttrs', 0); l = lst(cm) - 1
    own = own_opens + xa + l; e = client(cm) - own
    ratios.append(own / c['files']); eng.append(e)
    if o:
        om = o['m']; og = om.get('getBlockLocations', 0) - 2; ol = lst(om) - 1; oown = og + ol; oe = client(om) - oown
        ostr = f"{oe} | {og} + {ol} = {oown} | " + (f"{oown / o['opens']:.2f}" if o['opens'] else 'n/a')
        if o['opens']: oratio.append(oown / o['opens'])
    else:
        ostr = ' |  | '
    print(f"| {q} | {c['files']} | {own_opens} + {xa} + {l} = {own} | {own / c['files']:.2f} | {e} | {ostr} |")
print(f"\nCIF own/files {min(ratios):.2f}-{max(ratios):.2f}; engine on CIF {min(eng)}-{max(eng)}; ORC own/opens " + (f"{min(oratio):.2f}-{max(oratio):.2f}" if oratio else "n/a"))
