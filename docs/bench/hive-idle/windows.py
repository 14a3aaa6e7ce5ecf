import re,sys
"""Prints "QUERY/FORMAT/RUN START END" for each run of a bench-sql log (DIR/bench-sql.log): the window from
Hive's "Executing command" to its "Completed executing" of the run's (last) statement, in local time.
python3 docs/bench/hive-idle/windows.py DIR/bench-sql.log > RUN.win"""
ex=None; done=None
for l in open(sys.argv[1], errors='replace'):
  m=re.match(r'(\d\d:\d\d:\d\d\.\d+) INFO  Driver - Executing command', l)
  if m: ex=m.group(1); continue
  m=re.match(r'(\d\d:\d\d:\d\d\.\d+) INFO  Driver - Completed executing', l)
  if m: done=m.group(1); continue
  m=re.match(r'^(q\S+)\s+(\S+)\s+(warm-up|timed run \d+)\s', l)
  if m and ex and done: print(f"{m.group(1)}/{m.group(2)}/{m.group(3).replace(' ','')} {ex} {done}")
