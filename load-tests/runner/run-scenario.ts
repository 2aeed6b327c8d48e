import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type PortMap, requestsFor, type Scenario } from "../fixtures/scenarios.ts";
import type { Outcome, OutcomeStatus } from "../report/model.ts";
import { type K6Summary, measure } from "../report/summary.ts";
import type { RunArgs } from "./args.ts";
import type { K6 } from "./k6-binary.ts";
import { runK6 } from "./k6-run.ts";
import { writePlan } from "./plan-file.ts";
import { probe } from "./probe.ts";
import type { RunningTarget } from "./targets.ts";

const SCRIPTS = fileURLToPath(new URL("../scenarios/", import.meta.url));

export interface ScenarioRun {
  scenario: Scenario;
  target: RunningTarget;
  /** Ports of the imposters this target took, and why it refused the others. */
  loaded: PortMap;
  refused: ReadonlyMap<string, string>;
  args: RunArgs;
  k6: K6;
  dir: string;
}

function baseUrl({ scenario, target, loaded }: ScenarioRun): string {
  if (scenario.fixture === undefined || target.imposterUrl === undefined) return target.url;
  return target.imposterUrl(loaded.get(scenario.fixture.id)!);
}

function k6Problems(exitCode: number, summary: ReturnType<typeof measure>, output: string): string[] {
  if (exitCode === 0) return [];
  const counts = `${summary.failedChecks} failed checks, ${summary.failedRequests} failed requests`;
  return exitCode === 99
    ? [`thresholds crossed: ${counts}`]
    : [`k6 exited with ${exitCode}: ${counts}`, output];
}

export async function runScenario(run: ScenarioRun): Promise<Outcome> {
  const { scenario, target, args } = run;
  const base = { scenario: scenario.id, target: target.name };
  const refused = scenario.fixture && run.refused.get(scenario.fixture.id);
  if (refused) return { ...base, status: "error", problems: [refused] };
  const url = baseUrl(run);
  const wrong = await probe(url, requestsFor(scenario, target.name, run.loaded));
  if (wrong.length > 0) return { ...base, status: "failed", problems: wrong };

  const planFile = join(run.dir, "plans", `${target.name}-${scenario.id}.json`);
  writePlan(planFile, scenario, target.name, run.loaded);
  const summaryFile = join(run.dir, "summaries", `${target.name}-${scenario.id}.json`);
  const exit = await runK6(run.k6, join(SCRIPTS, `${scenario.id}.js`), {
    REQUESTS_FILE: planFile,
    TARGET_URL: url,
    TARGET: target.name,
    VUS: String(scenario.stress ? args.stressVus : args.vus),
    DURATION: args.duration,
    SUMMARY_FILE: summaryFile,
  });
  if (!existsSync(summaryFile)) {
    return {
      ...base,
      status: "error",
      problems: [`k6 exited with ${exit.code} and no summary`, exit.output],
    };
  }
  const measurement = measure(JSON.parse(readFileSync(summaryFile, "utf8")) as K6Summary);
  const status: OutcomeStatus = exit.code === 0 ? "ok" : exit.code === 99 ? "failed" : "error";
  return { ...base, status, measurement, problems: k6Problems(exit.code, measurement, exit.output) };
}
