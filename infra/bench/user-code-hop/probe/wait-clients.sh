#!/bin/bash
# bash wait-clients.sh <checkout> <conns> <wait ms> [npm start flags]: `npm start` of a checkout with one stub
# that waits, then wrk (1 thread, 2 s warm-up, 5 s) with that many connections: requests that hold their
# places in the relay's admission without using a CPU (section 8).
set -euo pipefail
checkout=$(cd "$1" && pwd); conns=$2; wait=$3; shift 3
TMP=$(mktemp -d)
cleanup() { pkill -INT -f "start.mjs --port 2703" || true; while pgrep -f "start.mjs --port 2703" > /dev/null; do sleep 0.2; done; rm -rf "$TMP"; }
trap cleanup EXIT
cd "$checkout"
node infra/local/start.mjs --port 2703 --data "$TMP/data" "$@" > "$TMP/out.log" 2>&1 &
for _ in $(seq 120); do grep -q "platform ready" "$TMP/out.log" 2>/dev/null && break; sleep 0.5; done
curl -sf -o /dev/null -X POST http://127.0.0.1:2703/imposters -d "{\"protocol\":\"http\",\"port\":4602,\"stubs\":[{\"responses\":[{\"is\":{\"body\":\"late\"},\"behaviors\":[{\"wait\":$wait}]}]}]}"
wrk -t1 -c$conns -d2s --timeout 10s http://127.0.0.1:2703/i/4602/ > /dev/null
wrk -t1 -c$conns -d5s --timeout 10s http://127.0.0.1:2703/i/4602/ | grep -E "Requests/sec|Latency|Non-2xx|Socket errors" | tr -s ' ' | tr '\n' ' '; echo
