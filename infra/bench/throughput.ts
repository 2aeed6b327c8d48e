// `npm run bench:platform [-- --rounds 5 --seconds 10 --baseline <git ref>]`: the platform's throughput
// against a hello-world Worker, side by side in one run; writes RESULTS.md and results.json here.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startCeiling } from "./ceiling.ts";
import { serverCpuPerRequest } from "./cpu-time.ts";
import { CEILINGS, FLOORS } from "./floors.ts";
import { currentLoad, describeMachine, waitForQuiet } from "./machine.ts";
import { type BenchRun, recordedScenario, renderResults } from "./report.ts";
import { createImposter, SCENARIOS, type Scenario, verify, wrkLoadOf, wrkPathOf } from "./scenarios.ts";
import { type Servers, startServers } from "./servers.ts";
import { type Series, type Server, summarize } from "./stats.ts";
import { ensureWrk, runWrk, type WrkOptions, wrkFlags } from "./wrk.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    baseline: { type: "string" },
    "baseline-core": { type: "boolean", default: false },
    // This tree's platform on workerd's own socket too: judged against the floor (served the same way),
    // while the platform behind the relay is read against it for the relay's price.
    direct: { type: "boolean", default: false },
    // Only what the target is read from: a ratio's spread on this host narrows with rounds, not with
    // the relay's rows or the paired floor runs, which take two thirds of a --direct round.
    "judged-only": { type: "boolean", default: false },
    // Seconds every server rests between a row's warmup and its measured run: what a --direct round's
    // paired floor runs give the platform, without them (BODY-PROFILE.md, section 44).
    rest: { type: "string", default: "0" },
    // The platform's --rateLimit: a limit no load reaches prices the limiter's cost under the limit.
    "rate-limit": { type: "string" },
    only: { type: "string" },
    "quiet-load": { type: "string" },
    "max-wait": { type: "string", default: "600" },
    out: { type: "string", default: HERE },
  },
});

function edgeRevision(): string {
  const git = (...argv: string[]) => execFileSync("git", argv, { cwd: HERE, encoding: "utf8" }).trim();
  const dirty = git("status", "--porcelain", "--", "../../workers/edge") !== "";
  return `${git("rev-parse", "--short", "HEAD")}${dirty ? " + uncommitted changes" : ""}`;
}

/** The server held to the target: this tree's platform, on workerd's socket when --direct runs it. */
const JUDGED: Server = args.direct ? "direct" : "platform";

function seriesOf(scenario: Scenario, server: Server): Series {
  // Only the platform as built now is held to the target; a baseline edge is there for comparison.
  const target = scenario.target && server === JUDGED;
  const key = server === "floor" || server === "ceiling" ? scenario.id : `${server}:${scenario.id}`;
  const floor = server === "floor" ? scenario.id : (scenario.floor ?? "floor");
  const ceiling = CEILINGS[floor]?.id;
  const series: Series = {
    key,
    scenario: scenario.id,
    title: scenario.title,
    server,
    target,
    runs: [],
    floor,
  };
  if (ceiling !== undefined) series.ceiling = ceiling;
  return series;
}

/** Scenarios picked with --only (ids, comma-separated); all by default. Their floors are always measured. */
const picked = SCENARIOS.filter((s) => args.only === undefined || args.only.split(",").includes(s.id));
const floors = FLOORS.filter((floor) => picked.some((s) => (s.floor ?? "floor") === floor.id));
const ceilings = floors.map((floor) => CEILINGS[floor.id]!);
const BY_ID = new Map([...SCENARIOS, ...floors, ...ceilings].map((s) => [s.id, s]));

/**
 * The floors, wrk's ceilings, then every picked scenario on the platform (and on the baseline edge, but for
 * the scenarios it could not serve).
 */
function plan(servers: Servers, notOnBaseline: ReadonlyMap<string, string>): Series[] {
  const series = [...floors.map((s) => seriesOf(s, "floor")), ...ceilings.map((s) => seriesOf(s, "ceiling"))];
  for (const server of ["platform", "direct", "baseline"] as const) {
    if (servers.origins[server] === undefined) continue;
    if (args["judged-only"] && server !== JUDGED) continue;
    const served = picked.filter((s) => server !== "baseline" || !notOnBaseline.has(s.id));
    series.push(...served.map((s) => seriesOf(s, server)));
  }
  return series;
}

/**
 * Creates and checks every picked imposter. This tree's platform must answer each as the scenario says; an
 * older baseline edge may predate what a scenario needs of it (today's user-code host, say), so what it
 * cannot serve is left out of its rows, with the reason, rather than ending the run. Returns those reasons.
 */
async function prepare(servers: Servers): Promise<Map<string, string>> {
  const notOnBaseline = new Map<string, string>();
  for (const origin of [servers.origins.platform, servers.origins.direct]) {
    if (origin === undefined) continue;
    for (const scenario of picked) await createImposter(origin, scenario);
    for (const scenario of picked) await verify(origin, scenario);
  }
  const baseline = servers.origins.baseline;
  if (baseline !== undefined) {
    for (const scenario of picked) {
      try {
        await createImposter(baseline, scenario);
        await verify(baseline, scenario);
      } catch (error) {
        notOnBaseline.set(scenario.id, error instanceof Error ? error.message : String(error));
        console.log(`baseline edge left out of ${scenario.id}: ${notOnBaseline.get(scenario.id)}`);
      }
    }
  }
  for (const floor of floors) await verify(servers.origins.floor!, floor);
  for (const ceiling of ceilings) await verify(servers.origins.ceiling!, ceiling);
  return notOnBaseline;
}

/**
 * Just before a run of the platform on workerd's socket, the floor Worker in two runs: with its shape's
 * requests (the floor the row is judged against), and, for a target, with this scenario's own requests, so
 * what the requests themselves cost the runtime is told apart from what the platform adds.
 */
async function pairedFloorRuns(servers: Servers, one: Series, wrk: WrkOptions): Promise<void> {
  const floorPids = servers.workerd.floor;
  if (floorPids === undefined) return;
  const loadFloor = (scenario: Scenario) =>
    serverCpuPerRequest(floorPids, () =>
      runWrk(`${servers.origins.floor}${wrkPathOf(scenario)}`, { ...wrk, ...wrkLoadOf(scenario) }),
    );
  const paired = await loadFloor(BY_ID.get(one.floor ?? "floor")!);
  one.floorCpuUs = [...(one.floorCpuUs ?? []), paired.us];
  if (!one.target) return;
  const same = await loadFloor(BY_ID.get(one.scenario)!);
  one.sameRequests = {
    rps: [...(one.sameRequests?.rps ?? []), same.result.rps],
    cpuUs: [...(one.sameRequests?.cpuUs ?? []), same.us],
  };
}

async function measure(servers: Servers, series: Series[], rounds: number, wrk: WrkOptions) {
  const warmup = { ...wrk, seconds: Number(args.warmup) };
  for (let round = 0; round < rounds; round++) {
    // Rotating the order spreads a slow stretch of the shared machine over every target.
    const order = series.map((_, i) => series[(i + round) % series.length]!);
    for (const one of order) {
      const scenario = BY_ID.get(one.scenario)!;
      const url = `${servers.origins[one.server]}${wrkPathOf(scenario)}`;
      const load = wrkLoadOf(scenario);
      if (warmup.seconds > 0) await runWrk(url, { ...warmup, ...load });
      const pids = servers.workerd[one.server];
      if (one.server === "direct" && pids !== undefined && !args["judged-only"])
        await pairedFloorRuns(servers, one, wrk);
      if (Number(args.rest) > 0) await sleep(Number(args.rest) * 1_000);
      const run = () => runWrk(url, { ...wrk, ...load });
      const { result, us } =
        pids === undefined ? { result: await run() } : await serverCpuPerRequest(pids, run);
      one.runs.push(result);
      if (us !== undefined) one.cpuUs = [...(one.cpuUs ?? []), us];
      const cpu = us === undefined ? "" : `, workerd ${us} µs/request`;
      console.log(`round ${round + 1}/${rounds} ${one.key}: ${Math.round(result.rps)} req/s${cpu}`);
    }
  }
}

async function main(): Promise<void> {
  const tool = ensureWrk();
  const wrk: WrkOptions = {
    threads: 1,
    connections: Number(args.connections),
    seconds: Number(args.seconds),
  };
  const rounds = Number(args.rounds);
  if (args["quiet-load"] !== undefined)
    await waitForQuiet(Number(args["quiet-load"]), Number(args["max-wait"]));
  // Read before the servers start, which build the tree as it is then: a change made while they run is
  // not what they serve.
  const revision = edgeRevision();
  const servers = await startServers(args.baseline, {
    allowInjection: picked.some((s) => s.injection),
    baselineCore: args["baseline-core"],
    direct: args.direct,
    ...(args["rate-limit"] === undefined ? {} : { rateLimit: Number(args["rate-limit"]) }),
  });
  const ceiling = await startCeiling();
  servers.origins.ceiling = ceiling.url;
  const stopOthers = servers.stop;
  servers.stop = () => ceiling.stop().then(stopOthers);
  const stopOnSignal = () => void servers.stop().then(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const notOnBaseline = await prepare(servers);
    const series = plan(servers, notOnBaseline);
    const machine = describeMachine(tool);
    console.log(`load average at the start: ${machine.loadStart.join(", ")}`);
    await measure(servers, series, rounds, wrk);
    machine.loadEnd = currentLoad();
    const run: BenchRun = {
      date: new Date().toISOString(),
      machine,
      tool,
      flags: wrkFlags(wrk),
      warmupSeconds: Number(args.warmup),
      ...(Number(args.rest) > 0 ? { restSeconds: Number(args.rest) } : {}),
      rounds,
      edge: { platform: revision },
      scenarios: [...floors, ...picked].map(recordedScenario),
      summaries: summarize(series),
    };
    if (servers.baselineCommit !== undefined) run.edge.baseline = servers.baselineCommit;
    if (notOnBaseline.size > 0) run.notOnBaseline = Object.fromEntries(notOnBaseline);
    mkdirSync(args.out, { recursive: true });
    writeFileSync(join(args.out, "results.json"), `${JSON.stringify(run, null, 2)}\n`);
    writeFileSync(join(args.out, "RESULTS.md"), renderResults(run));
    console.log(renderResults(run));
  } finally {
    await servers.stop();
  }
}

await main();
