// `npm run loadtest:latency [-- --seconds 10 --only baseline,xpath]`: latency at fixed request rates (k6's
// constant-arrival-rate) at 25%, 50% and 75% of each scenario's saturated rate (wrk), the platform beside
// Mountebank and the floor Worker; writes results/LATENCY.md and latency.json (issue 8).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { currentLoad, waitForQuiet } from "@mockctl/infra/bench/machine";
import { FIXTURES, FLOOR_ANSWER } from "./fixtures/scenarios.ts";
import { LATENCY_SCENARIOS, LATENCY_USAGE, type LatencyArgs, parseLatencyArgs } from "./latency/args.ts";
import { k6Ceiling } from "./latency/fixed-rate.ts";
import { type LatencySetup, measureScenario } from "./latency/measure.ts";
import { prepareWrk, WRK } from "./latency/saturation.ts";
import { renderLatencyMarkdown } from "./report/latency-markdown.ts";
import type { LatencyReport, LatencyTarget } from "./report/latency-model.ts";
import { describeMachine } from "./report/machine.ts";
import { describePinning, pinRunner } from "./runner/cpu-pin.ts";
import { runEntry } from "./runner/entry.ts";
import { ensureK6 } from "./runner/k6-binary.ts";
import { MB_VERSION } from "./runner/mountebank.ts";
import { NPM_START } from "./runner/npm-start.ts";
import { freePorts } from "./runner/ports.ts";
import { ready } from "./runner/session.ts";
import type { RunningTarget } from "./runner/targets.ts";

/** A 1-minute load average below which measuring starts at once (two cores, other engineers' runs). */
const QUIET_LOAD = 4;
const RESULTS = fileURLToPath(new URL("./results/", import.meta.url));

async function startAll(dir: string) {
  const [mountebankPort, ...imposterPorts] = await freePorts(FIXTURES.length + 1);
  const ports = new Map(FIXTURES.map((fixture, i) => [fixture.id, imposterPorts[i]!]));
  const targets = {} as Record<LatencyTarget, RunningTarget>;
  for (const name of ["mountebank", "platform", "floor"] as const) {
    const started = await ready(name, ports, { mountebankPort: mountebankPort!, dir });
    if (typeof started === "string") throw new Error(started);
    if (started.refused.size > 0)
      throw new Error(`${name} refused: ${[...started.refused.values()].join("; ")}`);
    targets[name] = started.target;
  }
  return { ports, targets };
}

async function measure(args: LatencyArgs, dir: string): Promise<LatencyReport> {
  const k6 = { ...(await ensureK6()), pinning: pinRunner(args.pin) };
  const wrk = prepareWrk(k6.pinning);
  // The machine is shared: wait a little for a quieter spell, and say in the report how busy it was.
  await waitForQuiet(QUIET_LOAD, 300);
  const machine = describeMachine(k6.version, MB_VERSION);
  const date = new Date().toISOString();
  const { ports, targets } = await startAll(dir);
  const floorHello = {
    name: "hello",
    method: "GET" as const,
    path: `${targets.floor.url}/`,
    expect: FLOOR_ANSWER,
  };
  const ceiling = await k6Ceiling({ k6, dir, target: "floor", request: floorHello, seconds: args.seconds });
  console.log(`${k6.version}, ${wrk}; k6's ceiling here: ${Math.round(ceiling)} req/s`);
  const setup: LatencySetup = {
    k6,
    dir,
    seconds: args.seconds,
    saturationSeconds: args.saturationSeconds,
    k6Max: ceiling * 0.9,
    repeat: args.repeat,
    ports,
    bases: {
      mountebank: (port) => `http://127.0.0.1:${port}`,
      platform: (port) => targets.platform.imposterUrl!(port),
      floor: () => targets.floor.url,
    },
  };
  const scenarios = [];
  for (const scenario of LATENCY_SCENARIOS.filter((s) => args.only.includes(s.id))) {
    console.log(`${scenario.id}…`);
    const result = await measureScenario(scenario, setup);
    for (const problem of result.problems) console.error(`  ${problem}`);
    scenarios.push(result);
  }
  return {
    date,
    machine,
    settings: {
      seconds: args.seconds,
      saturationSeconds: args.saturationSeconds,
      repeat: args.repeat,
      connections: WRK.connections,
      wrk,
      cpus: describePinning(k6.pinning),
      platform: `\`${NPM_START.title}\` in a process group of its own, as \`npm start\` runs it (the Node launcher with its keep-alive relay, workerd, and the user-code host once user code runs)`,
    },
    k6Ceiling: ceiling,
    loadEnd: currentLoad()[0] ?? 0,
    scenarios,
  };
}

async function latencyRun(args: LatencyArgs, dir: string): Promise<number> {
  const report = await measure(args, dir);
  // A partial run's report is not the committed one's (the README quotes LATENCY.md): kept apart.
  const [folder, base] = args.partial ? [join(RESULTS, "tmp"), "latency-partial"] : [RESULTS, "latency"];
  mkdirSync(folder, { recursive: true });
  const markdown = join(folder, args.partial ? `${base}.md` : "LATENCY.md");
  writeFileSync(join(folder, `${base}.json`), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(markdown, renderLatencyMarkdown(report));
  console.log(`report: ${markdown}`);
  const broken = report.scenarios.some(
    (s) => s.problems.length > 0 || s.points.some((p) => p.failedChecks > 0 || p.failedRequests > 0),
  );
  return broken ? 1 : 0;
}

runEntry({ parse: parseLatencyArgs, usage: LATENCY_USAGE, tmpPrefix: "mockctl-latency-" }, latencyRun);
