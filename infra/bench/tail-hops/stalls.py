"""Groups k6's slow answers in time (issue 8, infra/bench/tail-hops/README.md, "k6's dropped iterations").

python3 stalls.py <k6 --out json=FILE>... [--over MS] [--gap S]

A process-wide stall (a collection, a descheduled server) delays every request that arrives while it lasts,
so its slow answers come together; a delay of one request alone leaves its neighbours, sent a millisecond
apart, fast. Prints each group of answers slower than --over ms (default 10) whose ends lie within --gap s
(default 0.1) of each other: when the group ended (seconds from the run's first answer and since boot, to
line up with `perf sched timehist`), how many answers it held, the slowest, and where k6 put the time.
"""
import datetime
import json
import sys
import time
from collections import defaultdict

args = sys.argv[1:]
over = float(args[args.index("--over") + 1]) if "--over" in args else 10.0
gap = float(args[args.index("--gap") + 1]) if "--gap" in args else 0.1
files = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or not args[i - 1].startswith("--"))]
boot = time.time() - float(open("/proc/uptime").read().split()[0])

for name in files:
    answers = defaultdict(dict)
    for line in open(name):
        point = json.loads(line)
        if point.get("type") != "Point" or not point["metric"].startswith("http_req_"):
            continue
        answers[point["data"]["time"]][point["metric"][len("http_req_"):]] = point["data"]["value"]
    rows = sorted(
        (datetime.datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp(), phases)
        for t, phases in answers.items()
        if "duration" in phases
    )
    first = rows[0][0]
    slow = [(t, p) for t, p in rows if p["duration"] > over]
    groups = []
    for t, p in slow:
        if groups and t - groups[-1][-1][0] < gap:
            groups[-1].append((t, p))
        else:
            groups.append([(t, p)])
    alone = sum(1 for g in groups if len(g) == 1)
    print(f"{name}: {len(rows)} answers, {len(slow)} over {over} ms in {len(groups)} groups ({alone} of one answer)")
    for g in groups:
        end = g[-1][0]
        worst = max(p["duration"] for _, p in g)
        waiting = sum(p.get("waiting", 0) for _, p in g) / sum(p["duration"] for _, p in g)
        connecting = sum(1 for _, p in g if p.get("connecting", 0) > 0)
        print(
            f"  ended {end - first:7.3f} s ({end - boot:.3f} since boot): {len(g):3d} answers,"
            f" slowest {worst:5.1f} ms, {waiting:.0%} of their time waiting, {connecting} new connections"
        )
