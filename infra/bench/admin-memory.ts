import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startPlatform } from "../local/platform.ts";
import { memoryOfTree } from "./processes.ts";

/**
 * workerd's memory over many requests of one kind (issue 8 part 3: the soak's growth, cut down to what
 * causes it). Each mode starts a fresh platform, sends `--requests` requests one after another and samples
 * the PSS and anonymous memory of workerd every `--every`; the modes tell a per-version leak (only
 * `change` grows) from a per-request one (`read` and `home` grow too). `--only change,read` picks modes.
 * Writes MEMORY-RUN.md here.
 */
const arg = (flag: string, fallback: number): number => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const REQUESTS = arg("--requests", 1200);
const EVERY = arg("--every", 300);
const PORT = 4545;
/**
 * `--placeholder-admin`: the launcher test's admin Worker (infra/local/fixtures/admin: no Hono, no D1 on
 * these routes) behind the real edge, to tell workerd's own cost of an admin request from our admin Worker's.
 */
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

interface Urls {
  admin: string;
  imposter: string;
  served: string;
  home: string;
}

/** One request of each mode; `change` adds a stub at index 0, replaces it, deletes it, in turn. */
const MODES: Record<string, (urls: Urls, n: number) => [string, string, unknown?]> = {
  change: ({ imposter }, n) =>
    n % 3 === 0
      ? [`${imposter}/stubs`, "POST", { index: 0, stub: stub(n) }]
      : n % 3 === 1
        ? [`${imposter}/stubs/0`, "PUT", stub(n)]
        : [`${imposter}/stubs/0`, "DELETE"],
  read: ({ imposter }) => [imposter, "GET"],
  home: ({ home }) => [home, "GET"],
  served: ({ served }, n) => [`${served}/churn/${1000 + (n % 20)}`, "GET"],
};

async function call([url, method, body]: [string, string, unknown?]): Promise<void> {
  const res = await fetch(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status}`);
}

/** PSS and anonymous memory of the platform's workerd (the user-code host is not started here), MB. */
function workerd(): { pss: number; anon: number } {
  const [one] = memoryOfTree(process.pid).filter((p) => p.name === "workerd");
  if (one === undefined) return { pss: 0, anon: 0 };
  const anon = /^Anonymous:\s+(\d+)/m.exec(readFileSync(`/proc/${one.pid}/smaps_rollup`, "utf8"));
  return { pss: one.pssKb / 1024, anon: Number(anon?.[1] ?? 0) / 1024 };
}

async function run(mode: string): Promise<number[][]> {
  const dataDir = mkdtempSync(join(tmpdir(), "mockctl-bench-memory-"));
  const platform = await startPlatform({ port: 0, dataDir, configs: CONFIGS });
  const urls = {
    admin: `${platform.url}/imposters`,
    imposter: `${platform.url}/imposters/${PORT}`,
    served: `${platform.url}/i/${PORT}`,
    home: `${platform.url}${PLACEHOLDER ? "/vars" : "/"}`,
  };
  const samples: number[][] = [];
  try {
    const stubs = Array.from({ length: 20 }, (_, n) => stub(n + 1000));
    await call([urls.admin, "POST", { protocol: "http", port: PORT, stubs }]);
    for (let n = 0; n <= REQUESTS; n++) {
      if (n % EVERY === 0) {
        const { pss, anon } = workerd();
        samples.push([n, pss, anon]);
        console.log(`${mode} ${n}: PSS ${pss.toFixed(1)} MB, anonymous ${anon.toFixed(1)} MB`);
      }
      await call(MODES[mode]?.(urls, n) ?? ["", ""]);
    }
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return samples;
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const load = loadavg()[0]?.toFixed(2);
  const rows: string[] = [];
  const only = process.argv.indexOf("--only");
  const modes = only < 0 ? Object.keys(MODES) : (process.argv[only + 1] ?? "").split(",");
  for (const mode of modes) {
    const samples = await run(mode);
    const first = samples[0] ?? [0, 0, 0];
    const last = samples.at(-1) ?? first;
    const perRequest = (((last[1] ?? 0) - (first[1] ?? 0)) * 1024) / REQUESTS;
    const trace = samples.map((s) => (s[1] ?? 0).toFixed(1)).join(" → ");
    rows.push(`| ${mode} | ${trace} | ${perRequest.toFixed(1)} |`);
  }
  const machine = `${cpus()[0]?.model} (${cpus().length} cores), Node ${process.version}`;
  const table = [
    `| mode | workerd PSS (MB) every ${EVERY} requests | growth per request (kB) |`,
    "| --- | --- | --- |",
    ...rows,
  ];
  writeFileSync(
    join(import.meta.dirname, PLACEHOLDER ? "MEMORY-RUN-PLACEHOLDER.md" : "MEMORY-RUN.md"),
    `Measured ${started} on ${machine}; load average ${load} at the start.\n\n${table.join("\n")}\n`,
  );
  console.log(table.join("\n"));
}

await main();
