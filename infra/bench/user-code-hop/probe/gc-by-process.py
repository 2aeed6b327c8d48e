#!/usr/bin/env python3
"""V8's --trace-gc-nvp lines on stdin: per process and isolate, the collections by kind (count, median and
longest pause, total ms), and for mark-compacts the medians of their marking and ephemeron phases."""
import collections
import json
import re
import sys

events = collections.defaultdict(list)
for line in sys.stdin:
    found = re.search(r"\[(\d+):(0x[0-9a-f]+):0\].*?GC: (\{.*\})", line)
    if found is None:
        continue
    try:
        events[(found.group(1), found.group(2))].append(json.loads(found.group(3)))
    except json.JSONDecodeError:
        pass


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


kinds = {"s": "scavenge", "mc": "mark-compact", "mms": "minor mark-sweep"}
for (pid, isolate), collected in sorted(events.items(), key=lambda item: -len(item[1])):
    by_kind = collections.defaultdict(list)
    for event in collected:
        by_kind[event["gc"]].append(event)
    parts = []
    for kind, found in by_kind.items():
        pauses = [e["pause"] for e in found]
        parts.append(
            f"{kinds.get(kind, kind)} {len(pauses)} × {median(pauses):.2f} ms"
            f" (longest {max(pauses):.2f}, total {sum(pauses):.1f})"
        )
    print(f"pid {pid} isolate {isolate}: " + "; ".join(parts))
    full = by_kind.get("mc", [])
    if full:
        mark = median([e.get("mark", 0) for e in full])
        ephemeron = median([e.get("mark.ephemeron.marking", 0) for e in full])
        limit = median([e.get("old_gen_allocation_limit", 0) for e in full]) / 1e6
        print(f"  a mark-compact (medians): marking {mark:.2f} ms, of it ephemerons {ephemeron:.2f} ms; "
              f"old generation limit {limit:.1f} MB")
