#!/bin/bash
# bash seq.sh <label>, from the checkout to measure: `npm start`'s command pinned to CPU 0 on port 2999,
# the decorate imposter of the latency run, then k6 on CPU 1 at 1,000, 2,000 (past the host's rate),
# 1,000 and 400 req/s for 10 s each. Prints answers/s, failures, dropped iterations and the latency.
here=$(cd "$(dirname "$0")" && pwd)
data=$(mktemp -d)
(taskset -c 0 node --max-semi-space-size=1 infra/local/start.mjs --port 2999 --data "$data" --allowInjection \
  > /dev/null 2> "$data/launcher.err" &)
for _ in $(seq 1 120); do curl -s -o /dev/null http://127.0.0.1:2999/config && break; sleep 0.5; done
curl -s -X POST -d @"$here/decorate-imposter.json" http://127.0.0.1:2999/imposters -o /dev/null
curl -s -o /dev/null http://127.0.0.1:2999/i/4761/decorate/0
run() {
  taskset -c 1 k6 run -q -e URL=http://127.0.0.1:2999/i/4761/decorate/0 -e RATE="$1" -e DUR=10s "$here/../../tail-hops/stalls-k6.js" 2>&1 |
    awk '/http_req_duration/{d=$0} /http_reqs\./{r=$2" "$3} /dropped_iter/{x=$2} /http_req_failed/{f=$2}
      END{print r, "failed", f, "dropped", x+0, d}' | sed 's/http_req_duration\.*: //' | tr -s ' '
}
for rate in 1000 2000 1000 400; do echo "$1 $rate: $(run $rate)"; sleep 2; done
pkill -f "start.mjs --port 2999"
sleep 2
rm -rf "$data"
