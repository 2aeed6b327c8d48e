// A body hit against a floor handler in the same process (BODY-PROFILE.md, section 45). Run from a worktree
// whose edge carries `ladder.diff` (its front door answers `PUT /__ladder/<n>` by setting which step every
// later request stops at: 0 the floor's handler, first thing in `fetch`; 9 the whole hit):
//   npx tsx infra/bench/body-issue12/session45/ladder.ts <case> <cycles> <steps, e.g. -1,0,9>
// Step -1 is the standalone floor Worker in its own process. Each cycle loads every step for one second in
// turn (the order rotating), so that a step is paired with the others in the seconds around it: the host's
// speed holds for seconds at a time (section 44), and a paired difference cancels most of it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFloor } from "../../../floor/floor.ts";
import { startPlatform } from "../../../local/platform.ts";
import { cpuMs, newWorkerds, workerdPids } from "../../cpu-time.ts";
import { scenarioOf } from "../../scenario-by-id.ts";
import { createImposter, verify, wrkLoadOf, wrkPathOf } from "../../scenarios.ts";
import { runWrk } from "../../wrk.ts";

const [caseId = "issue12-json-equals", cycleArg = "20", stepArg = "-1,0,9"] = process.argv.slice(2);
const steps = stepArg.split(",").map(Number);
const known = workerdPids();
const dataDir = mkdtempSync(join(tmpdir(), "ladder-"));
const server = await startPlatform({ port: 0, direct: true, dataDir });
const pids = newWorkerds(known);
const floor = await startFloor({ port: 0 });
const floorPids = newWorkerds(known);
const cpu = (of: number[]) => of.reduce((sum, pid) => sum + cpuMs(pid), 0);
const scenario = scenarioOf(caseId);
await createImposter(server.url, scenario);
await verify(server.url, scenario);
const setStep = (step: number) =>
  fetch(`${server.url}/__ladder/${step}`, { method: "PUT" }).then((r) => r.text());
const load = (seconds: number) => ({ threads: 1, connections: 50, seconds, ...wrkLoadOf(scenario) });
const target = (step: number) => (step < 0 ? floor.url : server.url) + wrkPathOf(scenario);

/** workerd's CPU µs a request over one second of the step's load. */
async function second(step: number): Promise<number> {
  if (step >= 0) await setStep(step);
  const of = step < 0 ? floorPids : pids;
  const before = cpu(of);
  const result = await runWrk(target(step), load(1));
  return ((cpu(of) - before) * 1000) / result.requests;
}

const byStep = new Map<number, number[]>(steps.map((step) => [step, []]));
try {
  await setStep(9);
  await runWrk(target(9), load(3));
  for (let cycle = 0; cycle < Number(cycleArg); cycle++) {
    const line: string[] = [];
    for (let i = 0; i < steps.length; i++) {
      const step = steps[(i + cycle) % steps.length] as number;
      const us = await second(step);
      byStep.get(step)?.push(us);
      line.push(`${step}: ${us.toFixed(1)} µs`);
    }
    console.log(`cycle ${cycle + 1}: ${line.join(", ")}`);
  }
} finally {
  await server.stop();
  await floor.stop();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(half)] as number)
    : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const first = steps[0] as number;
const base = byStep.get(first) ?? [];
for (const [step, values] of byStep) {
  console.log(`step ${step}: median ${median(values).toFixed(1)} µs`);
  if (step === first) continue;
  const differences = values.map((us, i) => us - (base[i] as number));
  const ratios = values.map((us, i) => (base[i] as number) / us);
  console.log(
    `  − step ${first}, paired: median ${median(differences).toFixed(1)}, mean ${mean(differences).toFixed(1)} µs; ` +
      `step ${first} ÷ step ${step} ${median(ratios).toFixed(3)}`,
  );
}
