#!/usr/bin/env bash
# Section 41's readings, in one go: wrk and the closed-loop client against section 39's raw floor (workerd,
# raw.capnp on 9101) and the canned-answer server (infra/bench/ceiling.ts, CEILING=host:port), then the
# Miniflare floor and the platform's one stub on workerd's socket (FLOOR=host:port, PLATFORM=host:port, the
# one-stub imposter on 4545), interleaved. Writes runs.txt beside this script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
client=/tmp/closed-loop
(cd "$here/closed-loop" && go build -o "$client" .)
out="$here/runs.txt"
: > "$out"
say() { echo "$@" | tee -a "$out"; }
say "# $(date -u +%FT%TZ) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
for round in 1 2; do
  say "## wrk -t1 -c50 -d5s, raw floor (round $round)"
  wrk -t1 -c50 -d5s -s "$here/wrk-totals.lua" http://127.0.0.1:9101/ | tail -2 | tee -a "$out"
  say "## wrk -t1 -c50 -d5s, canned answers (round $round)"
  wrk -t1 -c50 -d5s -s "$here/wrk-totals.lua" "http://$CEILING/" | tail -2 | tee -a "$out"
  say "## closed loop, 50 connections, raw floor (round $round)"
  GOMAXPROCS=1 "$client" -addr 127.0.0.1:9101 -path / -d 5s | tee -a "$out"
  say "## closed loop, 50 connections, canned answers (round $round)"
  GOMAXPROCS=1 "$client" -addr "$CEILING" -path / -d 5s | tee -a "$out"
done
for round in 1 2 3 4; do
  say "## closed loop, Miniflare floor (round $round)"
  GOMAXPROCS=1 "$client" -addr "$FLOOR" -path / -d 5s | tee -a "$out"
  say "## closed loop, platform one stub on workerd's socket (round $round)"
  GOMAXPROCS=1 "$client" -addr "$PLATFORM" -path /i/4545/hello -d 5s | tee -a "$out"
done
