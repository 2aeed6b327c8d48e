#!/bin/bash
# bash platform.sh <checkout> <rate> <seconds> [path]: `npm start` of a checkout with --allowInjection (its
# launcher, workerd and the user-code host on CPU 0), one decorate imposter (the load tests' decorator) and a
# plain stub, young-gc's probe at a fixed rate on CPU 1 (path /decorate/0, or / for the plain stub), then the
# collections of every isolate that traced them. The edge's workerd traces through MOCKCTL_WORKERD_V8_FLAGS;
# the host's only with a local edit (README.md, section 5). Then the CPU each process spent per request (cpu.sh).
# Needs the probe built (../../tail-hops/young-gc).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PROBE="$HERE/../../tail-hops/young-gc/probe/probe"
checkout=$(cd "$1" && pwd) rate=$2 seconds=$3 path=${4:-/decorate/0}
TMP=$(mktemp -d)
cleanup() { pkill -f "start.mjs --port 2700" || true; sleep 1; rm -rf "$TMP"; }
trap cleanup EXIT
cd "$checkout"
source "$HERE/../../tail-hops/young-gc/start-traced.sh"
start_traced "$TMP/out.log" --allowInjection --data "$TMP/data"
source "$HERE/imposter.sh"
create_imposter http://127.0.0.1:2700 4600
curl -sf http://127.0.0.1:2700/i/4600/decorate/0 && echo
# The host starts on the first call: pin it too, after a warm-up.
"$PROBE" -url "http://127.0.0.1:2700/i/4600$path" -rate "$rate" -d 3s > /dev/null
for pid in $(pgrep -f "start.mjs --port 2700|workerd serve"); do taskset -a -p 0x1 "$pid" > /dev/null; done
from=$(wc -l < "$TMP/out.log")
source "$HERE/cpu.sh"
with_cpu launcher="$(pgrep -f "^node .*start.mjs --port 2700" | head -1)" edge="$(pgrep -f "workerd serve --binary" | head -1)" \
  host="$(pgrep -f "host.capnp" | head -1)" -- \
  taskset -c 1 "$PROBE" -url "http://127.0.0.1:2700/i/4600$path" -rate "$rate" -d "${seconds}s" -episodes "${EPISODES:-0}"
tail -n +"$from" "$TMP/out.log" | python3 "$HERE/../../tail-hops/young-gc/gc-summary.py" --every
