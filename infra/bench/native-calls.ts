// `npx tsx infra/bench/native-calls.ts [--calls 200000] [--rounds 5]`: what the runtime's calls that a memo hit
// makes and the floor does not (the request's headers, url and method, Date.now) cost inside workerd, against
// the one both make (`new Response`). Each op runs in a loop inside one request; workerd's CPU time over that
// request (from /proc, 10 ms ticks) divided by the calls. A loop keeps the wrappers cached and the code hot,
// so these are lower bounds of what a request pays for each (BODY-PROFILE.md, section 25).
import { parseArgs } from "node:util";
import { Miniflare } from "miniflare";
import { cpuMs, newWorkerds, workerdPids } from "./cpu-time.ts";

const { values: args } = parseArgs({
  options: { calls: { type: "string", default: "200000" }, rounds: { type: "string", default: "5" } },
});

/** Each op's loop body, run `n` times with `request`, `headers` (its headers) and `sink` in scope. */
const OPS: Record<string, string> = {
  "empty loop": "sink += i;",
  "request.headers": "sink += request.headers === null ? 1 : 0;",
  "headers.get, absent": 'sink += headers.get("x-own-port") === null ? 1 : 0;',
  "headers.get, present": 'sink += headers.get("x-tenant").length;',
  "request.url": "sink += request.url.length;",
  "request.method": "sink += request.method.length;",
  "request.body (GET)": "sink += request.body === null ? 1 : 0;",
  "Date.now()": "sink += Date.now() & 1;",
  "new Request(url)": "sink += new Request(request.url).bodyUsed ? 1 : 0;",
  "new Request(url), then its first .headers": "sink += new Request(request.url).headers === null ? 1 : 0;",
  'new Response("hello")': 'sink += new Response("hello").status;',
  "new Response(bytes, { status, headers })": "sink += new Response(bytes, init).status;",
};

const script = `
const bytes = new TextEncoder().encode("header-routing 99");
const init = { status: 200, headers: new Headers({ "content-type": "text/plain" }) };
const OPS = {
${Object.entries(OPS)
  .map(
    ([name, body]) =>
      `  ${JSON.stringify(name)}: (request, headers, n) => { let sink = 0; for (let i = 0; i < n; i++) ${body} return sink; },`,
  )
  .join("\n")}
};
export default {
  fetch(request) {
    const url = new URL(request.url);
    const op = OPS[url.searchParams.get("op")];
    return new Response(String(op(request, request.headers, Number(url.searchParams.get("n")))));
  },
};`;

const known = workerdPids();
const mf = new Miniflare({ modules: true, script, compatibilityDate: "2026-04-26" });
const origin = await mf.ready;
const pids = newWorkerds(known);
const cpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
const calls = Number(args.calls);
try {
  console.log(`| call | µs per call (median of ${args.rounds}) | rounds |`);
  console.log("|---|---:|---|");
  for (const op of Object.keys(OPS)) {
    const us: number[] = [];
    for (let round = 0; round < Number(args.rounds); round++) {
      const before = cpu();
      const query = new URLSearchParams({ op, n: String(calls) });
      const response = await fetch(`${origin}?${query}`, { headers: { "x-tenant": "tenant-99" } });
      if (!response.ok) throw new Error(`${op}: ${response.status} ${await response.text()}`);
      await response.text();
      us.push(((cpu() - before) * 1_000) / calls);
    }
    const sorted = [...us].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1]!;
    console.log(`| ${op} | ${median.toFixed(2)} | ${us.map((one) => one.toFixed(2)).join(" / ")} |`);
  }
} finally {
  await mf.dispose();
}
