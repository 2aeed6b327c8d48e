#!/bin/bash
# bash burst.sh <checkout> [steady rate] [seconds] [burst rate] [burst seconds]: `npm start` of a checkout on
# CPU 0 with the decorate imposter, then steady.mjs at a fixed rate for the whole run and a second one at the
# burst rate for the first seconds (both on CPU 1): how the platform rides out a burst past its rate, second
# by second, and the user-code host's pid, niceness and RSS every 0.2 s (whether it was replaced meanwhile).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$1" && pwd) steady=${2:-200} seconds=${3:-20} burst=${4:-800} burst_seconds=${5:-3}
TMP=$(mktemp -d)
cleanup() {
  pkill -INT -f "start.mjs --port 2700" || true
  while pgrep -f "start.mjs --port 2700" > /dev/null; do sleep 0.2; done
  rm -rf "$TMP"
}
trap cleanup EXIT
cd "$checkout"
taskset -c 0 node infra/local/start.mjs --port 2700 --allowInjection --data "$TMP/data" > "$TMP/out.log" 2>&1 &
for _ in $(seq 120); do grep -q "platform ready" "$TMP/out.log" 2>/dev/null && break; sleep 0.5; done
source "$HERE/imposter.sh"
create_imposter http://127.0.0.1:2700 4600
curl -sf http://127.0.0.1:2700/i/4600/decorate/0 && echo
for pid in $(pgrep -f "start.mjs --port 2700|workerd serve"); do taskset -a -p 0x1 "$pid" > /dev/null; done
(for _ in $(seq $((seconds * 5 + 25))); do
  ps -o pid=,ni=,rss= -p "$(pgrep -f host.capnp | head -1)" 2> /dev/null || echo "no host"
  sleep 0.2
done > "$TMP/host.txt") &
watcher=$!
url=http://127.0.0.1:2700/i/4600/decorate/0
taskset -c 1 node "$HERE/steady.mjs" "$url" "$burst" "$burst_seconds" | sed "s/^/burst: /" &
bursting=$!
taskset -c 1 node "$HERE/steady.mjs" "$url" "$steady" "$seconds"
wait "$bursting" || true
kill "$watcher" 2> /dev/null || true
echo "host (samples, pid, niceness, RSS kB):"
uniq -c "$TMP/host.txt"
