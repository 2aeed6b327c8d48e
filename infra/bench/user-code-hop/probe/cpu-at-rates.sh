#!/bin/bash
# bash cpu-at-rates.sh <checkout> > cpu-at-rates.txt: mountebank.sh and platform.sh in turn, the decorate and the
# plain stub at 100, 340 and 600 requests a second, 10 s each, twice: latency and CPU per request by process.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$1" && pwd)
echo "# $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in 1 2; do for rate in 100 340 600; do for path in /decorate/0 /; do
  echo "## mb rate $rate path $path rep $rep"
  bash "$HERE/mountebank.sh" "$rate" 10 "$path" 2>&1 | grep "^n=\|CPU"
  echo "## platform rate $rate path $path rep $rep"
  bash "$HERE/platform.sh" "$checkout" "$rate" 10 "$path" 2>&1 | grep "^n=\|CPU\|mark-compact"
done; done; done
echo "# $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
