// `npx tsx infra/bench/profile-body.ts [--cases floor:floor-post,direct:header-post --seconds 6 --rounds 3]`:
// where a request's time goes inside workerd (issue 12). Loads each case with wrk, takes the CPU each
// process spends per request (interleaved rounds, medians), then samples the serving isolate with V8's
// profiler through workerd's inspector and writes the .cpuprofile and its self times to --out (with --heap,
// what the isolate allocates: a .heapprofile and the bytes per request of each function that allocated).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { allocationsBySelf, profileIsolate, sampleAllocations, selfTimes } from "./cdp-profile.ts";
import { cpuPerRequest } from "./cpu-time.ts";
import { FLOOR_POST, FLOORS } from "./floors.ts";
import { ISSUE12_SCENARIOS } from "./issue12-scenarios.ts";
import { LOADTEST_SCENARIOS } from "./loadtest-scenarios.ts";
import { startTargets, type Target, type Where } from "./profile-targets.ts";
import { createImposter, SCENARIOS, type Scenario, verify, wrkLoadOf, wrkPathOf } from "./scenarios.ts";
import { upperMedian } from "./stats.ts";
import { runWrk, type WrkOptions } from "./wrk.ts";

const { values: args } = parseArgs({
  options: {
    cases: {
      type: "string",
      default:
        "floor:floor-get,floor:floor-post,direct:header,direct:header-post,relay:header,relay:header-post",
    },
    seconds: { type: "string", default: "6" },
    rounds: { type: "string", default: "3" },
    "cpu-only": { type: "boolean", default: false },
    // Bytes allocated per request by function (V8's sampling heap profiler) instead of the CPU profile.
    heap: { type: "boolean", default: false },
    // Also linux perf on the workerd process (native frames: the runtime's C++, V8's GC; JIT code unnamed).
    perf: { type: "boolean", default: false },
    // Another keep-alive.ts (say main's, from `git show`), in front of the same workerd as `other-relay:…`.
    "other-relay": { type: "string" },
    out: { type: "string", default: "/tmp/mockctl-profile" },
  },
});

const HEADER = SCENARIOS.find((s) => s.id === "header")!;
const POST_BODY = FLOOR_POST.requests?.[0]?.body ?? "";
/** The header-matched stub loaded with POSTs: the same match, plus a body to read (issue 12, section 2). */
const HEADER_POST: Scenario = {
  ...HEADER,
  id: "header-post",
  headers: { ...HEADER.headers, "content-type": "application/json" },
  body: POST_BODY,
};
const ALL = new Map(
  [...FLOORS, ...SCENARIOS, ...ISSUE12_SCENARIOS, ...LOADTEST_SCENARIOS, HEADER_POST].map((s) => [s.id, s]),
);
const WHERE = new Set<Where>(["floor", "direct", "relay", "other-relay", "npm"]);

const cases = args.cases.split(",").map((spec) => {
  const [where, id] = spec.split(":") as [Where, string];
  const scenario = ALL.get(id);
  if (scenario === undefined || !WHERE.has(where)) throw new Error(`unknown case ${spec}`);
  return { key: spec, where, scenario };
});

function loadOf(scenario: Scenario): Omit<WrkOptions, "seconds"> {
  return { threads: 1, connections: 50, ...wrkLoadOf(scenario) };
}

/** `perf record` of one process for `ms`, call graphs included; read with `perf report -i <file>`. */
function perfRecord(pid: number, ms: number, file: string): Promise<void> {
  const args = ["record", "-F", "999", "-g", "-p", String(pid), "-o", file, "--", "sleep", String(ms / 1000)];
  return new Promise((resolve, reject) => {
    const child = spawn("perf", args, { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => resolve());
  });
}

type Case = (typeof cases)[number];
const fileOf = (one: Case, suffix: string) => join(args.out, `${one.key.replace(":", "-")}.${suffix}`);

/** Interleaved rounds of every case; CPU per request of its workerd and of this process (a relay's). */
async function measure(targets: Partial<Record<Where, Target>>, url: (one: Case) => string) {
  const rows = new Map(cases.map((one) => [one.key, [] as Array<Record<string, number>>]));
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const one of cases) {
      const pids = { workerd: targets[one.where]!.pid };
      const load = { ...loadOf(one.scenario), seconds: Number(args.seconds) };
      const { result, usPerRequest } = await cpuPerRequest(pids, () => runWrk(url(one), load));
      rows.get(one.key)!.push({ rps: Math.round(result.rps), ...usPerRequest });
      console.log(`round ${round + 1} ${one.key}: ${Math.round(result.rps)} req/s`, usPerRequest);
    }
  }
  const summary = [...rows].map(([key, runs]) => ({
    key,
    rps: upperMedian(runs.map((r) => r.rps!)),
    workerdUs: upperMedian(runs.map((r) => r.workerd!)),
    relayUs: upperMedian(runs.map((r) => r.self!)),
  }));
  console.table(summary);
  writeFileSync(
    join(args.out, "cpu.json"),
    `${JSON.stringify({ rows: Object.fromEntries(rows), summary }, null, 2)}\n`,
  );
}

/** One case under load, its isolate sampled by V8's profiler (and its process by perf, with --perf). */
async function profile(target: Target, one: Case, url: string): Promise<void> {
  const seconds = Number(args.seconds);
  const wrk = runWrk(url, { ...loadOf(one.scenario), seconds });
  await new Promise((done) => setTimeout(done, 1000));
  const window = (seconds - 2) * 1000;
  const perf = args.perf ? perfRecord(target.pid, window, fileOf(one, "perf.data")) : undefined;
  const samples = await profileIsolate(target.inspector, target.worker, window);
  await perf;
  const result = await wrk;
  writeFileSync(fileOf(one, "cpuprofile"), JSON.stringify(samples));
  console.log(`\n${one.key}: ${Math.round(result.rps)} req/s while profiled (${fileOf(one, "cpuprofile")})`);
  for (const line of selfTimes(samples).slice(0, 25))
    console.log(
      `${(line.share * 100).toFixed(1).padStart(5)}%  ${line.ms.toFixed(0).padStart(6)} ms  ${line.name}`,
    );
}

/** One case under load, what its isolate allocates sampled: bytes per request by the function that allocated. */
async function allocations(target: Target, one: Case, url: string): Promise<void> {
  const seconds = Number(args.seconds);
  const wrk = runWrk(url, { ...loadOf(one.scenario), seconds });
  await new Promise((done) => setTimeout(done, 1000));
  const window = (seconds - 2) * 1000;
  const heap = await sampleAllocations(target.inspector, target.worker, window);
  const result = await wrk;
  writeFileSync(fileOf(one, "heapprofile"), JSON.stringify(heap));
  // The sampler's window is inside wrk's run, whose rate holds for it.
  const requests = (result.rps * window) / 1000;
  const rows = allocationsBySelf(heap);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(
    `\n${one.key}: ${Math.round(result.rps)} req/s, ${Math.round(total / requests)} bytes a request`,
  );
  for (const row of rows.slice(0, 25))
    console.log(`${String(Math.round(row.bytes / requests)).padStart(6)} B  ${row.name}`);
}

async function main(): Promise<void> {
  const { targets, stop } = await startTargets(new Set(cases.map((one) => one.where)), args["other-relay"]);
  try {
    for (const one of cases) {
      const target = targets[one.where]!;
      // Imposters live in the platform's workerd: a relay's target shares `direct`'s (created once).
      if (one.where !== "floor") await createImposter(target.origin, one.scenario).catch(() => {});
      await verify(target.origin, one.scenario);
    }
    const url = (one: Case) => `${targets[one.where]!.origin}${wrkPathOf(one.scenario)}`;
    mkdirSync(args.out, { recursive: true });
    await measure(targets, url);
    if (args["cpu-only"]) return;
    // A relay's isolate is `direct`'s: profiled there.
    const sample = args.heap ? allocations : profile;
    for (const one of cases)
      if (!one.where.endsWith("relay")) await sample(targets[one.where]!, one, url(one));
  } finally {
    await stop();
  }
}

await main();
