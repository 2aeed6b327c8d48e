#!/usr/bin/env bash
# Stalls of a closed loop of keep-alive connections through the local platform, the line into workerd at 256
# (the default before this bench) and at its default, side by side; first under a busy machine's load (this
# repository's core test suite, run again and again), then on a quiet machine with wrk for the rates; `short`
# sets a stub that waits 20 ms, under SLOW_MS, beside Mountebank 2.9.1 (the line must not cap it).
# Usage: bash infra/bench/kj-starvation/run.sh [rounds=3] [sections: busy quiet mix short] > results/<name>.txt
set -euo pipefail
cd "$(dirname "$0")/../../.."
rounds=${1:-3}
sections=" ${*:2} "
[ "$sections" = "  " ] && sections=" busy quiet mix "
here=infra/bench/kj-starvation
data=$(mktemp -d)
declare -A platform=([wide]=7900 [default]=7901)
declare -A flags=([wide]="--maxInFlight 256" [default]="")
cleanup() {
  pkill -INT -f "[s]tart.mjs --port 790[01]" || true
  pkill -f "[m]b --port 7902" || true
  pkill -f "[v]itest run --project core" || true
  rm -rf "$data"
}
trap cleanup EXIT

for name in wide default; do
  # shellcheck disable=SC2086
  node --max-semi-space-size=1 infra/local/start.mjs --port "${platform[$name]}" --data "$data/$name" ${flags[$name]} \
    > "$data/$name.log" 2>&1 &
done
for name in wide default; do
  until curl -sf "http://127.0.0.1:${platform[$name]}/imposters" > /dev/null; do sleep 0.5; done
  curl -sf -X POST "http://127.0.0.1:${platform[$name]}/imposters" -o /dev/null \
    -d "{\"protocol\":\"http\",\"port\":$((platform[$name] + 10)),\"stubs\":[{\"responses\":[{\"is\":{\"body\":\"hello\"}}]}]}"
  curl -sf -X POST "http://127.0.0.1:${platform[$name]}/imposters" -o /dev/null \
    -d "{\"protocol\":\"http\",\"port\":$((platform[$name] + 20)),\"stubs\":[{\"responses\":[{\"is\":{\"body\":\"hello\"},\"behaviors\":[{\"wait\":200}]}]}]}"
done
short_wait='{"protocol":"http","port":PORT,"stubs":[{"responses":[{"is":{"body":"hello"},"behaviors":[{"wait":20}]}]}]}'
if [[ $sections == *" short "* ]]; then
  node_modules/.bin/mb --port 7902 --logfile "$data/mb.log" > /dev/null 2>&1 &
  platform[mb]=7902
  until curl -sf "http://127.0.0.1:7902/imposters" > /dev/null; do sleep 0.5; done
  for name in wide default mb; do
    curl -sf -X POST "http://127.0.0.1:${platform[$name]}/imposters" -o /dev/null \
      -d "${short_wait/PORT/$((platform[$name] + 30))}"
  done
fi
echo "# $(date -u +%FT%TZ), $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- infra || echo " with uncommitted changes to infra/")"
echo "# wide: npm start -- --maxInFlight 256; default: npm start (the line's default)"

if [[ $sections == *" busy "* ]]; then
echo "## busy machine: the core test suite running meanwhile; 50 connections (then 30), 6 s per run"
(while true; do npx vitest run --project core > /dev/null 2>&1 || true; done) &
load=$!
sleep 8
for round in $(seq "$rounds"); do
  for connections in 50 30; do
    for name in wide default; do
      echo -n "round $round, $connections connections, $name: "
      node "$here/stalls.mjs" "${platform[$name]}" "/i/$((platform[$name] + 10))/" "$connections" 6
    done
  done
done
kill "$load" 2> /dev/null || true
pkill -f "[v]itest run --project core" || true
sleep 5
fi

if [[ $sections == *" quiet "* ]]; then
echo "## quiet machine: wrk -t1 on CPU 1, 5 s per run, load average $(cut -d' ' -f1 /proc/loadavg)"
for round in $(seq "$rounds"); do
  for connections in 50 200; do
    sleep 1
    for name in wide default; do
      echo -n "round $round, $connections connections, $name: "
      taskset -c 1 wrk -t1 -c"$connections" -d5 --latency "http://127.0.0.1:${platform[$name]}/i/$((platform[$name] + 10))/" |
        grep -E "Requests/sec|  99%" | tr -s ' ' | tr '\n' ' '
      echo
    done
  done
done
fi

if [[ $sections == *" mix "* ]]; then
echo "## a stub that waits 200 ms on 40 connections, beside a plain stub on 10 (wrk -t1 each, on CPU 1, 5 s)"
for round in $(seq "$rounds"); do
  for name in wide default; do
    port=${platform[$name]}
    taskset -c 1 wrk -t1 -c40 -d6 "http://127.0.0.1:$port/i/$((port + 20))/" > "$data/wait.txt" &
    waits=$!
    sleep 0.5
    echo -n "round $round, $name: plain stub "
    taskset -c 1 wrk -t1 -c10 -d5 --latency "http://127.0.0.1:$port/i/$((port + 10))/" |
      grep -E "Requests/sec|  99%" | tr -s ' ' | tr '\n' ' '
    wait "$waits"
    echo -n "| the wait: "
    grep -E "Requests/sec" "$data/wait.txt" | tr -s ' '
    sleep 1
  done
done
fi

if [[ $sections == *" short "* ]]; then
echo "## a stub that waits 20 ms, at its own port (wrk -t1 on CPU 1, 5 s, after 2 s to learn it), beside mb 2.9.1"
for round in $(seq "$rounds"); do
  for connections in 32 64 200; do
    for name in wide default mb; do
      url="http://127.0.0.1:$((platform[$name] + 30))/"
      taskset -c 1 wrk -t1 -c"$connections" -d2 "$url" > /dev/null
      echo -n "round $round, $connections connections, $name: "
      taskset -c 1 wrk -t1 -c"$connections" -d5 --latency "$url" | grep -E "Requests/sec|  99%" | tr -s ' ' | tr '\n' ' '
      echo
    done
  done
done
fi
