#!/usr/bin/env python3
"""V8's --trace-gc-nvp lines on stdin (workerd's output): for the isolate that collected most, the
collections by kind (count, median and longest pause, total ms) and, for its scavenges, the medians of the
young handles they processed and of the phases that process them. `--every`: every isolate of every process
that traced, each with the medians of its mark-compacts' marking and ephemeron phases."""
import collections
import json
import re
import sys

KINDS = {"s": "scavenge", "mc": "mark-compact", "mms": "minor mark-sweep"}


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def read(lines):
    """The trace's events by (process id, isolate), in order."""
    events = collections.defaultdict(list)
    for line in lines:
        found = re.search(r"\[(\d+):(0x[0-9a-f]+):0\].*?GC: (\{.*\})", line)
        if found is None:
            continue
        try:
            events[(found.group(1), found.group(2))].append(json.loads(found.group(3)))
        except json.JSONDecodeError:
            pass
    return events


def pauses(collected):
    by_kind = collections.defaultdict(list)
    for event in collected:
        by_kind[event["gc"]].append(event["pause"])
    return "; ".join(
        f"{KINDS.get(kind, kind)} {len(p)} × {median(p):.2f} ms (longest {max(p):.2f}, total {sum(p):.1f})"
        for kind, p in by_kind.items()
    )


def scavenges(collected):
    found = [event for event in collected if event["gc"] == "s"]
    if not found:
        return
    handles = median([e["nodes_copied_in_new"] + e["nodes_promoted"] + e["nodes_died_in_new"] for e in found])
    weak = median([e["scavenge.weak_global_handles.identify"] + e["scavenge.weak_global_handles.process"] for e in found])
    roots = median([e["scavenge.roots"] for e in found])
    survived = median([e["new_space_survived"] for e in found])
    print(f"  a scavenge (medians): {handles} young handles, {weak:.2f} ms on weak handles, "
          f"{roots:.2f} ms on roots, {survived / 1024:.0f} kB survived")


def mark_compacts(collected):
    found = [event for event in collected if event["gc"] == "mc"]
    if not found:
        return
    mark = median([e.get("mark", 0) for e in found])
    ephemeron = median([e.get("mark.ephemeron.marking", 0) for e in found])
    limit = median([e.get("old_gen_allocation_limit", 0) for e in found]) / 1e6
    print(f"  a mark-compact (medians): marking {mark:.2f} ms, of it ephemerons {ephemeron:.2f} ms; "
          f"old generation limit {limit:.1f} MB")


events = read(sys.stdin)
if not events:
    sys.exit("no --trace-gc-nvp lines")
if "--every" in sys.argv:
    for (pid, isolate), collected in sorted(events.items(), key=lambda item: -len(item[1])):
        print(f"pid {pid} isolate {isolate}: " + pauses(collected))
        mark_compacts(collected)
else:
    (_, isolate), collected = max(events.items(), key=lambda item: len(item[1]))
    print(f"isolate {isolate}: " + pauses(collected))
    scavenges(collected)
