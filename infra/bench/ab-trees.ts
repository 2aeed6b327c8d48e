// `npx tsx infra/bench/ab-trees.ts --cases issue12-json-equals,header --rounds 6 <tree> <tree> …`:
// the platforms of several checkouts (a worktree each, npm ci done) on workerd's own socket beside the
// floor, loaded in interleaved rounds. Each round loads the case's floor and then every tree at once after
// it, so a tree's ratio to the floor is paired with a floor measured seconds before: on this shared
// machine a pair drifts far less than two medians taken minutes apart (issue 12's A/B runs). A tree written
// `<tree>+--flag+--flag=value` runs its workerd with those V8 flags added (as MOCKCTL_WORKERD_V8_FLAGS
// would), so one checkout can be paired with itself under other flags. `--load-all` gives every platform
// all of bench:platform's imposters, each answered once, as a full run's platform holds them: their engines
// are in the heap every collection walks, which a platform holding one imposter does not show.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { startFloor } from "../floor/floor.ts";
import type { Platform } from "../local/platform.ts";
import { newWorkerds, serverCpuPerRequest, workerdPids } from "./cpu-time.ts";
import { scenarioOf } from "./scenario-by-id.ts";
import { createImposter, SCENARIOS, type Scenario, verify, wrkLoadOf, wrkPathOf } from "./scenarios.ts";
import { upperMedian } from "./stats.ts";
import { treeLauncher } from "./tree-platform.ts";
import { runWrk, type WrkOptions } from "./wrk.ts";

const { values: args, positionals: trees } = parseArgs({
  allowPositionals: true,
  options: {
    cases: { type: "string", default: "issue12-json-equals,header" },
    rounds: { type: "string", default: "6" },
    seconds: { type: "string", default: "4" },
    // wrk's connections: the acceptance's 50, or fewer to see what the requests in flight cost.
    connections: { type: "string", default: "50" },
    "load-all": { type: "boolean", default: false },
  },
});

const cases = args.cases.split(",").map(scenarioOf);
const floorOf = (scenario: Scenario) =>
  scenarioOf(scenario.floor === "floor-post" ? "floor-post" : "floor-get");

const loadOf = (scenario: Scenario): WrkOptions => ({
  threads: 1,
  connections: Number(args.connections),
  seconds: Number(args.seconds),
  ...wrkLoadOf(scenario),
});

interface Served {
  name: string;
  url: string;
  /** Every workerd the tree's platform runs (the edge, and the user-code host once started). */
  pids: number[];
  server: Platform;
}

const known = workerdPids();

/** A tree's own launcher, so each platform is built from that tree's Workers and packages. */
async function startTree(named: string): Promise<Served> {
  const [tree = "", ...extraV8Flags] = named.split("+");
  const startPlatform = await treeLauncher(tree);
  const dataDir = mkdtempSync(join(tmpdir(), "ab-trees-"));
  const options = { port: 0, direct: true, dataDir, allowInjection: true, extraV8Flags };
  const server = await startPlatform(options);
  const name = [basename(tree), ...extraV8Flags].join(" ");
  return { name, url: server.url, pids: newWorkerds(known), server };
}

/** workerd's CPU µs a request and the rate wrk read, over one load. */
async function load(pids: readonly number[], url: string, scenario: Scenario) {
  const { us, result } = await serverCpuPerRequest(pids, () => runWrk(url, loadOf(scenario)));
  return { us, rps: result.rps };
}

async function main(): Promise<void> {
  if (trees.length === 0) throw new Error("name at least one tree");
  const floor = await startFloor({ port: 0 });
  const floorPids = newWorkerds(known);
  const served: Served[] = [];
  try {
    for (const tree of trees) served.push(await startTree(tree));
    const loaded = args["load-all"] ? [...new Set([...SCENARIOS, ...cases])] : cases;
    for (const scenario of loaded)
      for (const one of served) {
        await createImposter(one.url, scenario);
        await verify(one.url, scenario);
      }
    const rows = new Map<string, { us: number[]; ratio: number[]; rates: number[] }>();
    const row = (key: string) => rows.get(key) ?? rows.set(key, { us: [], ratio: [], rates: [] }).get(key)!;
    for (let round = 1; round <= Number(args.rounds); round++) {
      for (const scenario of cases) {
        const floorScenario = floorOf(scenario);
        const base = await load(floorPids, `${floor.url}${wrkPathOf(floorScenario)}`, floorScenario);
        row(`${scenario.id} (${floorScenario.id})`).us.push(base.us);
        for (const one of served) {
          const { us, rps } = await load(one.pids, `${one.url}${wrkPathOf(scenario)}`, scenario);
          const measured = row(`${scenario.id} ${one.name}`);
          measured.us.push(us);
          measured.ratio.push(base.us / us);
          measured.rates.push(rps / base.rps);
        }
      }
      console.log(`round ${round} done`);
    }
    console.table(
      [...rows].map(([key, { us, ratio, rates }]) => ({
        key,
        "µs/request": upperMedian(us),
        "floor ÷ platform": ratio.length === 0 ? "" : upperMedian(ratio).toFixed(2),
        // The judged measure (throughput.ts): the platform's rate over the floor's in the same round.
        "rate ÷ floor's": rates.length === 0 ? "" : upperMedian(rates).toFixed(2),
        rounds: us.join(" "),
      })),
    );
  } finally {
    for (const one of served) await one.server.stop();
    await floor.stop();
  }
}

await main();
