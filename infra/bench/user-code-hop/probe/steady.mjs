// node steady.mjs <url> <rate> <seconds>: GETs at a fixed rate (an open model: a late answer does not delay
// the next request) on keep-alive connections, each given up after CLIENT_TIMEOUT_MS (default 5,000, as
// young-gc's probe). Prints, per second of sending, the answers that were 200, the others, and their median
// time; then every kind of failure with its count.
import http from "node:http";

const [url, rate, seconds] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const timeout = Number(process.env.CLIENT_TIMEOUT_MS ?? 5000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });
const bySecond = Array.from({ length: seconds }, () => ({ ok: 0, failed: 0, ms: [] }));
const failures = new Map();
const total = rate * seconds;
const t0 = performance.now();
let sent = 0;
let settled = 0;

await new Promise((finish) => {
  const end = (at, ok, kind) => {
    const second = bySecond[Math.min(seconds - 1, Math.floor(at / 1000))];
    if (ok) second.ok++;
    else {
      second.failed++;
      failures.set(kind, (failures.get(kind) ?? 0) + 1);
    }
    second.ms.push(performance.now() - t0 - at);
    if (++settled === total) finish();
  };
  const send = () => {
    const at = performance.now() - t0;
    const request = http.get(url, { agent, timeout }, (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => {
        const data = /"data": "([^"]*)"/.exec(text)?.[1] ?? text.slice(0, 80);
        end(at, response.statusCode === 200, `${response.statusCode} ${data}`);
      });
    });
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeout} ms`)));
    request.on("error", (error) => end(at, false, error.code ?? error.message));
  };
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate));
    for (; sent < due; sent++) send();
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
});

const median = (values) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
for (const [i, { ok, failed, ms }] of bySecond.entries()) {
  console.log(
    `${String(i).padStart(3)} s: ${ok} answered, ${failed} failed, median ${median(ms).toFixed(0)} ms`,
  );
}
for (const [kind, count] of failures) console.log(`failed ${count} × ${kind}`);
process.exit(0);
