#!/bin/bash
# bash platform.sh <checkout> <rate> <seconds> [path]: `npm start` of a checkout with --allowInjection (its
# launcher, workerd and the user-code host on CPU 0), one decorate imposter (the load tests' decorator) and a
# plain stub, young-gc's probe at a fixed rate on CPU 1 (path /decorate/0, or / for the plain stub), then the
# collections of every isolate that traced them. The edge's workerd traces through MOCKCTL_WORKERD_V8_FLAGS;
# the host's only with a local edit (HOST_TRACE below). Needs the probe built (../../tail-hops/young-gc).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PROBE="$HERE/../../tail-hops/young-gc/probe/probe"
checkout=$(cd "$1" && pwd) rate=$2 seconds=$3 path=${4:-/decorate/0}
TMP=$(mktemp -d)
cleanup() { pkill -f "start.mjs --port 2700" || true; sleep 1; rm -rf "$TMP"; }
trap cleanup EXIT
cd "$checkout"
MOCKCTL_WORKERD_V8_FLAGS="--trace-gc-nvp" script -q -c \
  "node --max-semi-space-size=1 infra/local/start.mjs --port 2700 --allowInjection --data $TMP/data" /dev/null > "$TMP/out.log" 2>&1 &
for _ in $(seq 120); do grep -q "platform ready" "$TMP/out.log" 2>/dev/null && break; sleep 0.5; done
grep -q "platform ready" "$TMP/out.log" || { cat "$TMP/out.log"; exit 1; }
source "$HERE/imposter.sh"
create_imposter http://127.0.0.1:2700 4600
curl -sf http://127.0.0.1:2700/i/4600/decorate/0 && echo
# The host starts on the first call: pin it too, after a warm-up.
"$PROBE" -url "http://127.0.0.1:2700/i/4600$path" -rate "$rate" -d 3s > /dev/null
for pid in $(pgrep -f "start.mjs --port 2700|workerd serve"); do taskset -a -p 0x1 "$pid" > /dev/null; done
from=$(wc -l < "$TMP/out.log")
taskset -c 1 "$PROBE" -url "http://127.0.0.1:2700/i/4600$path" -rate "$rate" -d "${seconds}s" -episodes "${EPISODES:-0}"
tail -n +"$from" "$TMP/out.log" | python3 "$HERE/gc-by-process.py"
