#!/usr/bin/env bash
# Section 44's second hour: judged-only runs of the same six targets three ways, in the order a b c c b a:
# a, as before (1 s warmup, then the measured run); b, every server resting 6 s between its warmup and its
# measured run (--rest 6); c, a 7 s warmup and no rest. Run from the repository's root.
set -euo pipefail
TARGETS=one-stub,header-routing,json-body,issue12-json-equals,issue12-and-or,issue12-xpath
OUT=infra/bench/body-issue12/session44
i=6
for mode in a b c c b a; do
  i=$((i + 1))
  case $mode in
    a) extra="--warmup 1" ;;
    b) extra="--warmup 1 --rest 6" ;;
    c) extra="--warmup 7" ;;
  esac
  echo "block $i ($mode) $(date -u +%H:%M:%S)"
  npm run bench:platform -- --direct --judged-only --only "$TARGETS" --rounds 4 --seconds 3 $extra \
    --out "$OUT/$i-$mode" > "/tmp/s44-$i-$mode.log" 2>&1
done
echo "done $(date -u +%H:%M:%S)"
