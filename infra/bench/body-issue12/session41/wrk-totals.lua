-- wrk's own totals beside the sum of its latencies (section 41): with every connection waiting on one request
-- at a time, the latencies of a run can add up to at most connections × duration (Little's law). wrk's sum
-- comes out far above that because it adds samples for coordinated omission before `done` sees them.
-- wrk -t1 -c50 -d5s -s wrk-totals.lua http://127.0.0.1:PORT/
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "requests=%d duration_s=%.2f mean_ms=%.2f p50_ms=%.2f p90_ms=%.1f p99_ms=%.1f max_ms=%.1f timeouts=%d\n",
    summary.requests, summary.duration / 1e6, latency.mean / 1e3, latency:percentile(50) / 1e3,
    latency:percentile(90) / 1e3, latency:percentile(99) / 1e3, latency.max / 1e3, e.timeout))
  io.write(string.format("latency sum %.0f s against at most %.0f s (50 connections × the run)\n",
    latency.mean * summary.requests / 1e6, 50 * summary.duration / 1e6))
end
