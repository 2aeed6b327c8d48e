-- A scenario with a body (infra/bench/wrk.ts passes it in WRK_BODY) is loaded with POSTs carrying it.
local body = os.getenv("WRK_BODY")
if body ~= nil then
  wrk.method = "POST"
  wrk.body = body
end

-- Prints wrk's totals as one JSON line after its own report, so infra/bench/wrk.ts need not parse prose.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nWRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
      '"latencyUs":{"mean":%.1f,"p50":%d,"p99":%d,"max":%d}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(99), latency.max))
end
