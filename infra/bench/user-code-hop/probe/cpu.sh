# Sourced by platform.sh and mountebank.sh. `with_cpu <name>=<pid>… -- <command…>` runs the command (young-gc's
# probe), prints its output, then each process's CPU time per answered request in µs: utime + stime from
# /proc/<pid>/stat over the run (clock ticks of 10 ms), divided by the probe's n. CPU time per request does not
# depend on how busy the shared machine is, as a rate does; a process that exited meanwhile (a recycled host)
# reads as gone.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2> /dev/null || echo gone; }
with_cpu() {
  local names=() pids=() before=()
  while [ "$1" != "--" ]; do names+=("${1%%=*}") pids+=("${1#*=}"); shift; done
  shift
  for pid in "${pids[@]}"; do before+=("$(ticks "$pid")"); done
  local out
  out=$("$@")
  echo "$out"
  local n line="CPU µs per request:" total=0
  n=$(sed -n 's/^n=\([0-9]*\).*/\1/p' <<< "$out")
  for i in "${!pids[@]}"; do
    local after
    after=$(ticks "${pids[$i]}")
    if [ "$after" = gone ] || [ "${before[$i]}" = gone ]; then line+=" ${names[$i]} gone"; continue; fi
    local us=$(((after - before[i]) * 10000 / n))
    total=$((total + us))
    line+=" ${names[$i]} $us"
  done
  echo "$line, total $total"
}
