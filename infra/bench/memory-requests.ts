import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startPlatform } from "../local/platform.ts";
import { type Sample, sample, samplesTable } from "./memory-sample.ts";
import { median } from "./stats.ts";

/**
 * workerd's memory over many requests of one kind, one at a time (issues 8 and 16: the soak's growth, cut
 * down to what causes it). Each mode runs `--repeat` times on a fresh platform, sends `--requests` requests
 * and samples every `--every`: the PSS of workerd and of the user-code host, and (with gdb) what workerd's
 * allocator holds (memory-tcmalloc.ts). `--only change,read` picks modes; `--out NAME.md` where to write.
 */
const arg = (flag: string, fallback: string): string => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const REQUESTS = Number(arg("--requests", "1200"));
const EVERY = Number(arg("--every", "300"));
const REPEAT = Number(arg("--repeat", "3"));
const OUT = arg("--out", "MEMORY-RUN.md");
const PORT = 4545;
/** `--placeholder-admin`: the launcher test's admin Worker (no Hono, no D1), to tell workerd's own cost. */
const PLACEHOLDER = process.argv.includes("--placeholder-admin");
const CONFIGS = PLACEHOLDER
  ? ["../../workers/edge/wrangler.jsonc", "../local/fixtures/admin/wrangler.jsonc"].map((p) =>
      resolve(import.meta.dirname, p),
    )
  : undefined;

const stub = (n: number) => ({
  predicates: [{ equals: { path: `/churn/${n}` } }],
  responses: [{ is: { body: `v${n}` } }],
});
const LARGE_PORT = PORT + 1;
const LARGE_STUBS = 1_000;
const DECORATE = "(config, response) => { response.body = response.body + ' decorated'; }";

type Call = [path: string, method: string, body?: unknown];

/** One request of each mode; `change` adds a stub at index 0, replaces it, deletes it, in turn. */
const MODES: Record<string, (n: number) => Call> = {
  change: (n) =>
    n % 3 === 0
      ? [`/imposters/${PORT}/stubs`, "POST", { index: 0, stub: stub(n) }]
      : n % 3 === 1
        ? [`/imposters/${PORT}/stubs/0`, "PUT", stub(n)]
        : [`/imposters/${PORT}/stubs/0`, "DELETE"],
  read: () => [`/imposters/${PORT}`, "GET"],
  // An imposter that prints to about 560 kB: an answer's own size in native memory.
  "read-large": () => [`/imposters/${LARGE_PORT}`, "GET"],
  home: () => [PLACEHOLDER ? "/vars" : "/", "GET"],
  served: (n) => [`/i/${PORT}/churn/${1000 + (n % 20)}`, "GET"],
  // A user function on every request: the user-code host's side (issue 8's soak).
  decorate: (n) => [`/i/${PORT}/decorated/${n}`, "GET"],
};

async function call(base: string, [path, method, body]: Call): Promise<void> {
  const res = await fetch(`${base}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status}`);
}

async function run(mode: string): Promise<Sample[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "mockctl-bench-memory-"));
  const platform = await startPlatform({ port: 0, dataDir, configs: CONFIGS, allowInjection: true });
  const samples: Sample[] = [];
  try {
    const stubs = [
      ...Array.from({ length: 20 }, (_, n) => stub(n + 1000)),
      { responses: [{ is: { body: "plain" }, behaviors: [{ decorate: DECORATE }] }] },
    ];
    await call(platform.url, ["/imposters", "POST", { protocol: "http", port: PORT, stubs }]);
    if (mode === "read-large") {
      const large = Array.from({ length: LARGE_STUBS }, (_, n) => ({
        ...stub(n),
        responses: [{ is: { body: "x".repeat(200) } }],
      }));
      await call(platform.url, ["/imposters", "POST", { protocol: "http", port: LARGE_PORT, stubs: large }]);
    }
    for (let n = 0; n <= REQUESTS; n++) {
      if (n % EVERY === 0) samples.push(sample(process.pid, n, n === REQUESTS));
      if (n < REQUESTS) await call(platform.url, MODES[mode]?.(n) ?? ["/", "GET"]);
    }
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return samples;
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const load = loadavg().map((l) => l.toFixed(2));
  const only = process.argv.indexOf("--only");
  const modes = only < 0 ? Object.keys(MODES) : (process.argv[only + 1] ?? "").split(",");
  const sections: string[] = [];
  for (const mode of modes) {
    const runs: Sample[][] = [];
    for (let r = 0; r < REPEAT; r++) runs.push(await run(mode));
    // From the first sample after the start: the first requests load Workers and isolates once.
    const growth = runs.map(
      (s) => (((s.at(-1)?.anonymous ?? 0) - (s[1]?.anonymous ?? 0)) * 1024) / (REQUESTS - EVERY),
    );
    const kb = `${median(growth) < 0 ? "−" : "+"}${Math.abs(median(growth)).toFixed(1)}`;
    sections.push(
      `### ${mode}: workerd ${kb} kB of anonymous memory per request after the first ${EVERY} (median of ${REPEAT})\n\n${samplesTable(runs)}`,
    );
    console.log(sections.at(-1));
  }
  const machine = `${cpus()[0]?.model} (${cpus().length} cores), Node ${process.version}`;
  writeFileSync(
    join(import.meta.dirname, OUT),
    `Measured ${started} on ${machine}; load average ${load.join(" ")} at the start. ` +
      `\`npx tsx infra/bench/memory-requests.ts ${process.argv.slice(2).join(" ")}\`.\n\n${sections.join("\n\n")}\n`,
  );
}

await main();
