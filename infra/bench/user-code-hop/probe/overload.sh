#!/bin/bash
# bash overload.sh <checkout> <rate> <seconds>: `npm start` of a checkout on CPU 0 with the decorate imposter,
# steady.mjs on CPU 1 at a fixed rate (an open model); every second the CPU ticks (10 ms each) of the launcher,
# the edge and the user-code host, the client connections the launcher holds and its open files; at the end
# the launcher's and the edge's sockets by state. How the platform behaves past its decorate rate.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$1" && pwd) rate=$2 seconds=$3
source "$HERE/on-one-core.sh"
on_one_core "$checkout"
launcher=$(pgrep -f "start.mjs --port 2700" | head -1)
edge=$(pgrep -f "workerd serve" | grep -v "$(pgrep -f host.capnp | head -1)" | head -1)
echo "launcher $launcher edge $edge host $(pgrep -f host.capnp | head -1)"
t() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2> /dev/null || echo 0; }
(prev_l=$(t $launcher) prev_e=$(t $edge) host=$(pgrep -f host.capnp | head -1) prev_h=$(t $host)
 for s in $(seq $((seconds + 8))); do
  sleep 1
  h2=$(pgrep -f host.capnp | head -1); [ "$h2" != "$host" ] && { host=$h2; prev_h=$(t $host); }
  l=$(t $launcher) e=$(t $edge) h=$(t $host)
  conns=$(ss -Htn state established "( sport = :2700 )" | wc -l)
  echo "ticks launcher $((l - prev_l)) edge $((e - prev_e)) host $((h - prev_h)) conns $conns fds $(ls /proc/$launcher/fd | wc -l)"
  prev_l=$l prev_e=$e prev_h=$h
 done) &
sampler=$!
taskset -c 1 node "$HERE/steady.mjs" http://127.0.0.1:2700/i/4600/decorate/0 "$rate" "$seconds"
sleep 1; kill $sampler 2>/dev/null || true
echo "launcher tcp by state/local/peer-port:"; ss -Htanp | grep "pid=$launcher," | awk '{split($4,a,":"); split($5,b,":"); print $1, a[length(a)], (b[length(b)] > 30000 ? "eph" : b[length(b)])}' | sort | uniq -c | sort -rn | head
echo "launcher unix:"; ss -Hxp | grep -c "pid=$launcher,"
echo "edge tcp:"; ss -Htanp | grep "pid=$edge," | awk '{split($4,a,":"); split($5,b,":"); print $1, (a[length(a)] > 30000 ? "eph" : a[length(a)]), (b[length(b)] > 30000 ? "eph" : b[length(b)])}' | sort | uniq -c | sort -rn | head
echo "edge unix:"; ss -Hxp | grep -c "pid=$edge,"
grep -v "platform ready" "$TMP/out.log" | tail -5
