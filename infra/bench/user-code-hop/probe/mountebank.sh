#!/bin/bash
# bash mountebank.sh <rate> <seconds> [path]: Mountebank 2.9.1 (the repository's) on CPU 0 with the same
# decorate imposter and plain stub as platform.sh, young-gc's probe at a fixed rate on CPU 1, and mb's CPU per
# request (cpu.sh).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PROBE="$HERE/../../tail-hops/young-gc/probe/probe"
MB="$HERE/../../../../node_modules/mountebank/bin/mb"
rate=$1 seconds=$2 path=${3:-/decorate/0}
TMP=$(mktemp -d)
taskset -c 0 node "$MB" start --port 2799 --allowInjection --logfile "$TMP/mb.log" > "$TMP/mb.out" 2>&1 &
mbpid=$!
trap 'kill $mbpid 2>/dev/null || true; rm -rf "$TMP"' EXIT
for _ in $(seq 60); do curl -sf -o /dev/null http://127.0.0.1:2799/ && break; sleep 0.5; done
source "$HERE/imposter.sh"
create_imposter http://127.0.0.1:2799 4690
curl -sf http://127.0.0.1:4690/decorate/0 && echo
"$PROBE" -url "http://127.0.0.1:4690$path" -rate "$rate" -d 3s > /dev/null
source "$HERE/cpu.sh"
with_cpu mb="$mbpid" -- taskset -c 1 "$PROBE" -url "http://127.0.0.1:4690$path" -rate "$rate" -d "${seconds}s" -episodes 0
