#!/bin/bash
# bash platform.sh <checkout> <rate> <seconds>: `npm start` of a checkout (its launcher and workerd on CPU
# 0) with V8's collection trace (MOCKCTL_WORKERD_V8_FLAGS, a build of its own), one plain stub, the probe at
# a fixed rate (CPU 1), then the edge isolate's collections. EXTRA_V8_FLAGS adds more V8 flags; EPISODES=n
# lists the first n episodes of slow answers. Needs the probe built (see hello.sh).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$1" && pwd) rate=$2 seconds=$3
TMP=$(mktemp -d)
cleanup() {
  pkill -f "start.mjs --port 2700" || true
  sleep 1
  rm -rf "$TMP"
}
trap cleanup EXIT
cd "$checkout"
source "$HERE/start-traced.sh"
start_traced "$TMP/out.log" --data "$TMP/data"
curl -sf -o /dev/null -X POST http://127.0.0.1:2700/imposters -H 'content-type: application/json' \
  -d '{"protocol":"http","port":4600,"stubs":[{"responses":[{"is":{"body":"ok"}}]}]}'
for pid in $(pgrep -f "start.mjs --port 2700|workerd serve"); do taskset -a -p 0x1 "$pid" > /dev/null; done
"$HERE/probe/probe" -url http://127.0.0.1:2700/i/4600/ -rate "$rate" -d 3s > /dev/null
from=$(wc -l < "$TMP/out.log")
taskset -c 1 "$HERE/probe/probe" -url http://127.0.0.1:2700/i/4600/ -rate "$rate" -d "${seconds}s" -episodes "${EPISODES:-0}"
tail -n +"$from" "$TMP/out.log" | grep -a -o '\[[0-9]*:0x[0-9a-f]*:0\].*' | python3 "$HERE/gc-summary.py"
