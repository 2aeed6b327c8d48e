#!/bin/bash
# bash burst.sh <checkout> [steady rate] [seconds] [burst rate] [burst seconds]: `npm start` of a checkout on
# CPU 0 with the decorate imposter, then steady.mjs at a fixed rate for the whole run and a second one at the
# burst rate for the first seconds (both on CPU 1): how the platform rides out a burst past its rate, second
# by second, and the user-code host's pid, niceness and RSS every 0.2 s (whether it was replaced meanwhile).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$1" && pwd) steady=${2:-200} seconds=${3:-20} burst=${4:-800} burst_seconds=${5:-3}
source "$HERE/on-one-core.sh"
on_one_core "$checkout"
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
