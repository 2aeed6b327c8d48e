cd /work/wt-trial
for r in 1 2; do
 for v in default l1; do
  if [ $v = l1 ]; then f="--max-semi-space-size=1"; else f=""; fi
  node $f --import tsx load-tests/latency.ts --only json-body > /tmp/lat2/$v-r$r.log 2>&1
  echo "lat2 $v r$r rc=$? $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)" >> /tmp/measure.out
  cp load-tests/results/LATENCY.md /tmp/lat2/$v-r$r.md
 done
done
git -C /work/wt-trial checkout -q -- load-tests/results
echo "lat2 done" >> /tmp/measure.out
