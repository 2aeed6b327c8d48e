# Interleaved wrk rounds: launcher default vs --max-semi-space-size=N, one stub, behind the relay.
cd /work/wt-lean
start() { # $1 port $2 flags
  d=$(mktemp -d); setsid node $2 infra/local/start.mjs --port $1 --data $d >/dev/null 2>&1 & echo $! > /tmp/lab/pid$1
  for i in $(seq 200); do curl -sf http://127.0.0.1:$1/config >/dev/null && break; sleep 0.05; done
  curl -sf -XPOST http://127.0.0.1:$1/imposters -H 'content-type: application/json' -d '{"port":4545,"protocol":"http","stubs":[{"responses":[{"is":{"body":"hi"}}]}]}' >/dev/null
}
start 29801 ""
start 29802 "--max-semi-space-size=1"
start 29803 "--max-semi-space-size=4"
for p in 29801 29802 29803; do wrk -t1 -c50 -d2s http://127.0.0.1:$p/i/4545/ >/dev/null; done
for r in 1 2 3 4 5 6; do
  for p in 29801 29802 29803; do
    echo "$r $p $(wrk -t1 -c50 -d5s http://127.0.0.1:$p/i/4545/ | awk '/Requests\/sec/{print $2}') $(ps -o rss= -p $(cat /tmp/lab/pid$p))"
  done
done
for p in 29801 29802 29803; do kill -- -$(cat /tmp/lab/pid$p); done
