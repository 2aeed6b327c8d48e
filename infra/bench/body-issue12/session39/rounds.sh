#!/bin/bash
# rounds.sh R S name=url ... : R rounds, each target S seconds in a rotated order; prints req/s per round.
R=$1; S=$2; shift 2
T=("$@"); n=${#T[@]}
for ((r=0; r<R; r++)); do
  for ((i=0; i<n; i++)); do
    t=${T[$(( (i + r) % n ))]}; name=${t%%=*}; url=${t#*=}
    rate=$(wrk -t1 -c50 -d${S}s "$url" 2>/dev/null | awk '/Requests\/sec/ {print $2}')
    echo "$r $name $rate"
  done
done
