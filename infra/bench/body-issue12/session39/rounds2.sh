#!/bin/bash
# rounds2.sh R S name=port ... : R rounds, each target S seconds, rotated; prints round, name, req/s, workerd CPU µs a request.
R=$1; S=$2; shift 2
T=("$@"); n=${#T[@]}
ticks() { awk '{print $14 + $15}' /proc/$1/stat; }
for ((r=0; r<R; r++)); do
  for ((i=0; i<n; i++)); do
    t=${T[$(( (i + r) % n ))]}; name=${t%%=*}; port=${t#*=}
    pid=$(ss -ltnp | grep "127.0.0.1:$port " | sed 's/.*pid=\([0-9]*\).*/\1/' | head -1)
    a=$(ticks $pid)
    out=$(wrk -t1 -c50 -d${S}s "http://127.0.0.1:$port/" 2>/dev/null)
    b=$(ticks $pid)
    reqs=$(echo "$out" | awk '/requests in/ {print $1}')
    rate=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    echo "$r $name $rate $(( (b - a) * 10000000 / reqs ))"
  done
done
