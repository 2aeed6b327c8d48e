// `npx tsx infra/bench/warm-trace.ts --cases header-routing,issue12-json-equals --repeats 3 --seconds 10`:
// how fast a row reaches its steady rate once the load switches to it from another scenario. For each repeat
// and each case, this tree's platform (workerd's own socket) is loaded for --before seconds with the case
// before it in the list, then with the case one second at a time; the floor Worker gets the same, switching
// from the other request shape. Prints each second's rate and workerd CPU a request, median over the
// repeats, and that second's rate over the case's last seconds (BODY-PROFILE.md, section 44).
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startFloor } from "../floor/floor.ts";
import { startPlatform } from "../local/platform.ts";
import { cpuMs, newWorkerds, serverCpuPerRequest, workerdPids } from "./cpu-time.ts";
import { median } from "./median.ts";
import { scenarioOf } from "./scenario-by-id.ts";
import { createImposter, type Scenario, verify, wrkLoadOf, wrkPathOf } from "./scenarios.ts";
import { runWrk } from "./wrk.ts";

const { values: args } = parseArgs({
  options: {
    cases: { type: "string", default: "header-routing,issue12-json-equals" },
    repeats: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    before: { type: "string", default: "5" },
    // V8 flags added to the platform's workerd (as MOCKCTL_WORKERD_V8_FLAGS), space-separated: with
    // --v8=--trace-gc, each second's line is printed as it ends, between the collections it saw.
    v8: { type: "string", default: "" },
  },
});

const cases = args.cases.split(",").map(scenarioOf);
const floorOf = (scenario: Scenario) => scenarioOf(scenario.floor ?? "floor");
const seconds = Number(args.seconds);

interface Target {
  url: string;
  pids: number[];
}

/** CPU ms of the processes' main threads (the isolates' thread) and of all their other threads. */
function threadMs(pids: readonly number[]): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const pid of pids)
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const ms = cpuMs(pid, Number(tid));
      if (Number(tid) === pid) main += ms;
      else others += ms;
    }
  return { main, others };
}

/** Loads `scenario` on `target` for `secs` seconds, one wrk run a second: each second's rate and CPU. */
async function trace(target: Target, scenario: Scenario, secs: number, tag: string) {
  const rows: Row[] = [];
  for (let second = 0; second < secs; second++) {
    const before = threadMs(target.pids);
    const { result, us } = await serverCpuPerRequest(target.pids, () =>
      runWrk(`${target.url}${wrkPathOf(scenario)}`, {
        threads: 1,
        connections: 50,
        seconds: 1,
        ...wrkLoadOf(scenario),
      }),
    );
    const after = threadMs(target.pids);
    const perRequest = (ms: number) => Math.round((ms * 1_000) / result.requests);
    const mainUs = perRequest(after.main - before.main);
    rows.push({ rps: result.rps, us, mainUs, othersUs: perRequest(after.others - before.others) });
    if (args.v8 !== "")
      console.log(`[${tag} ${scenario.id} s${second + 1}: ${Math.round(result.rps)} req/s, ${us} µs]`);
  }
  return rows;
}

interface Row {
  rps: number;
  us: number;
  /** workerd's CPU a request in the main thread, and in every other thread (V8's helpers among them). */
  mainUs: number;
  othersUs: number;
}

function report(title: string, repeats: Row[][]): void {
  const at = (second: number) => repeats.map((one) => one[second]!);
  const tail = median(repeats.flatMap((one) => one.slice(-3).map((row) => row.rps)));
  console.log(`\n${title} (steady: ${Math.round(tail)} req/s, the last 3 s of every repeat)`);
  for (let second = 0; second < seconds; second++) {
    const rps = median(at(second).map((row) => row.rps));
    const us = median(at(second).map((row) => row.us));
    const each = at(second)
      .map((row) => `${Math.round(row.rps)} (${row.mainUs}+${row.othersUs})`)
      .join(" ");
    console.log(`  s${second + 1}: ${Math.round(rps)} req/s (${(rps / tail).toFixed(2)}), ${us} µs; ${each}`);
  }
}

async function main(): Promise<void> {
  const known = workerdPids();
  const floorServer = await startFloor({ port: 0 });
  const floor: Target = { url: floorServer.url, pids: newWorkerds(known) };
  const dataDir = mkdtempSync(join(tmpdir(), "warm-trace-"));
  const extraV8Flags = args.v8.split(" ").filter((flag) => flag !== "");
  const platformServer = await startPlatform({ port: 0, direct: true, dataDir, extraV8Flags });
  const platform: Target = { url: platformServer.url, pids: newWorkerds(known) };
  try {
    for (const scenario of cases) {
      await createImposter(platform.url, scenario);
      await verify(platform.url, scenario);
    }
    const traces = new Map<string, Row[][]>();
    const add = (key: string, rows: Row[]) => traces.set(key, [...(traces.get(key) ?? []), rows]);
    for (let repeat = 0; repeat < Number(args.repeats); repeat++) {
      for (const [i, scenario] of cases.entries()) {
        const before = cases[(i + cases.length - 1) % cases.length]!;
        await trace(platform, before, Number(args.before), "platform, before");
        add(
          `platform ${scenario.id}, after ${before.id}`,
          await trace(platform, scenario, seconds, "platform"),
        );
        const floorBefore = floorOf(before);
        await trace(floor, floorBefore, Number(args.before), "floor, before");
        const floorNow = floorOf(scenario);
        add(`${floorNow.id}, after ${floorBefore.id}`, await trace(floor, floorNow, seconds, "floor"));
      }
      console.log(`repeat ${repeat + 1} done`);
    }
    for (const [title, repeats] of traces) report(title, repeats);
  } finally {
    await platformServer.stop();
    await floorServer.stop();
  }
}

await main();
