#!/bin/bash
# bash hello.sh <path> <rate> <seconds> [extra V8 flag ...]: the hello-world Worker on workerd (CPU 0), the
# probe at a fixed rate on <path> (CPU 1), then its collections. Paths: / answers hello; /minor-N also asks
# for a minor collection every N requests. Needs the probe built (cd probe && go build -o probe .).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WORKERD=$HERE/../../../../node_modules/@cloudflare/workerd-linux-64/bin/workerd
TMP=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$TMP"' EXIT
path=$1 rate=$2 seconds=$3
shift 3
flags=""
for flag in "$@"; do flags="$flags, \"$flag\""; done
sed "s|FLAGS|$flags|" "$HERE/hello/config.capnp" > "$TMP/config.capnp"
cp "$HERE/hello/w.js" "$TMP/"
# V8 writes its trace with stdio, which a pipe buffers: `script` gives workerd a terminal instead.
script -q -c "taskset -c 0 $WORKERD serve $TMP/config.capnp" /dev/null > "$TMP/gc.log" 2>&1 &
sleep 1.5
"$HERE/probe/probe" -url "http://127.0.0.1:2711$path" -rate "$rate" -d 2s > /dev/null
from=$(wc -l < "$TMP/gc.log")
taskset -c 1 "$HERE/probe/probe" -url "http://127.0.0.1:2711$path" -rate "$rate" -d "${seconds}s" -episodes 0
tail -n +"$from" "$TMP/gc.log" | grep -a -o '\[[0-9]*:0x[0-9a-f]*:0\].*' | python3 "$HERE/gc-summary.py"
