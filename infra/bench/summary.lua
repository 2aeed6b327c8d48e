-- A scenario with a body (infra/bench/wrk.ts passes it in WRK_BODY) is loaded with POSTs carrying it.
local body = os.getenv("WRK_BODY")
if body ~= nil then
  wrk.method = "POST"
  wrk.body = body
end

-- A scenario of several requests (the file WRK_REQUESTS_FILE names, written by infra/bench/wrk.ts:
-- requests separated by \30, fields by \31: method, path, body, then header names and values) sends
-- them in turn on every connection. Each is formatted once, in `init` (wrk sets the Host header just
-- before calling it); `request` only picks the next.
local spec = nil
local file = os.getenv("WRK_REQUESTS_FILE")
if file ~= nil then
  local handle = assert(io.open(file, "rb"))
  spec = handle:read("*a")
  handle:close()
end
if spec ~= nil then
  local requests = {}
  init = function()
    for one in string.gmatch(spec, "[^\30]+") do
      local fields = {}
      for field in string.gmatch(one .. "\31", "([^\31]*)\31") do fields[#fields + 1] = field end
      local headers = { Host = wrk.headers["Host"] }
      for i = 4, #fields - 1, 2 do headers[fields[i]] = fields[i + 1] end
      local payload = fields[3]
      if payload == "" then payload = nil end
      requests[#requests + 1] = wrk.format(fields[1], fields[2], headers, payload)
    end
  end
  local next = 0
  request = function()
    next = next % #requests + 1
    return requests[next]
  end
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
