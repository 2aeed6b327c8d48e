#!/usr/bin/env bash
# Section 44: the same six targets, run judged-only (j) and as a --direct run without the baseline edge (f:
# the relay's rows and the paired floor runs too), in the order j f f j j f, so that a drift of the host over
# the hour falls on both ways alike. Run from the repository's root.
set -euo pipefail
TARGETS=one-stub,header-routing,json-body,issue12-json-equals,issue12-and-or,issue12-xpath
OUT=infra/bench/body-issue12/session44
i=0
for mode in j f f j j f; do
  i=$((i + 1))
  extra=""
  [ "$mode" = j ] && extra="--judged-only"
  echo "block $i ($mode) $(date -u +%H:%M:%S)"
  npm run bench:platform -- --direct $extra --only "$TARGETS" --rounds 4 --seconds 3 --warmup 1 \
    --out "$OUT/$i-$mode" > "/tmp/s44-$i-$mode.log" 2>&1
done
echo "done $(date -u +%H:%M:%S)"
