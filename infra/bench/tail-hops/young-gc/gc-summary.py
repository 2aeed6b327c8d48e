#!/usr/bin/env python3
"""V8's --trace-gc-nvp lines on stdin (workerd's output): for the isolate that collected most, the
collections by kind (count, median and longest pause, total ms) and, for its scavenges, the medians of the
young handles they processed and of the phases that process them."""
import collections
import json
import re
import sys

events = collections.defaultdict(list)
for line in sys.stdin:
    found = re.search(r"\[\d+:(0x[0-9a-f]+):0\].*?GC: (\{.*\})", line)
    if found is None:
        continue
    try:
        events[found.group(1)].append(json.loads(found.group(2)))
    except json.JSONDecodeError:
        pass
if not events:
    sys.exit("no --trace-gc-nvp lines")
isolate, collected = max(events.items(), key=lambda item: len(item[1]))


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


by_kind = collections.defaultdict(list)
for event in collected:
    by_kind[event["gc"]].append(event["pause"])
kinds = {"s": "scavenge", "mc": "mark-compact", "mms": "minor mark-sweep"}
parts = [
    f"{kinds.get(kind, kind)} {len(p)} × {median(p):.2f} ms (longest {max(p):.2f}, total {sum(p):.1f})"
    for kind, p in by_kind.items()
]
print(f"isolate {isolate}: " + "; ".join(parts))
scavenges = [event for event in collected if event["gc"] == "s"]
if scavenges:
    handles = median([e["nodes_copied_in_new"] + e["nodes_promoted"] + e["nodes_died_in_new"] for e in scavenges])
    weak = median([e["scavenge.weak_global_handles.identify"] + e["scavenge.weak_global_handles.process"] for e in scavenges])
    roots = median([e["scavenge.roots"] for e in scavenges])
    survived = median([e["new_space_survived"] for e in scavenges])
    print(f"  a scavenge (medians): {handles} young handles, {weak:.2f} ms on weak handles, "
          f"{roots:.2f} ms on roots, {survived / 1024:.0f} kB survived")
