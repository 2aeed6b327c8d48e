#!/bin/bash
# As run on 2026-11-28: /tmp/inedge is a worktree of 65dc83e with experiment.diff, /tmp/ci/main49 a clone of 65dc83e.
# alternate: in-edge LOADER (experiment tree) and main's hop, decorate only, k6 latency tool
for round in 1 2; do
  for tree in inedge hop; do
    dir=/tmp/inedge; [ $tree = hop ] && dir=/tmp/ci/main49
    cd $dir && echo "== $tree round $round $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
    timeout 900 npm run -s loadtest:latency -- --only decorate > /tmp/lat/$tree-$round.log 2>&1
    cp load-tests/results/LATENCY.md /tmp/lat/$tree-$round.md
    git -C $dir checkout -q -- load-tests/results/ 2>/dev/null
  done
done
echo "done $(date -u +%H:%M:%S)"
