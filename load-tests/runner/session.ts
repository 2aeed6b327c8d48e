import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES, type PortMap, SCENARIOS, type Scenario, type TargetName } from "../fixtures/scenarios.ts";
import type { Outcome } from "../report/model.ts";
import { loadImposters } from "./admin-client.ts";
import type { RunArgs } from "./args.ts";
import { onCleanup } from "./cleanup.ts";
import type { K6 } from "./k6-binary.ts";
import { freePorts } from "./ports.ts";
import { printOutcome, printStart } from "./progress.ts";
import { runScenario } from "./run-scenario.ts";
import { type RunningTarget, startTarget, type TargetSetup } from "./targets.ts";

const TARGET_ORDER: readonly TargetName[] = ["mountebank", "platform", "floor"];

/**
 * Scenario by scenario, each on every selected target back to back (the floor runs whenever its target
 * does: every "of floor" ratio needs it). A busy spell on this shared machine then lands on the three
 * runs of one scenario alike instead of on whichever target happened to be under load at the time.
 */
export function selectRuns(args: RunArgs): { scenario: Scenario; target: TargetName }[] {
  const chosen = SCENARIOS.filter((scenario) => scenario.id === "floor" || args.only.includes(scenario.id));
  const targets = TARGET_ORDER.filter((target) => args.targets.includes(target));
  return chosen.flatMap((scenario) =>
    targets.filter((target) => scenario.targets.includes(target)).map((target) => ({ scenario, target })),
  );
}

/** Imposters are loaded whole into each target, so the admin scenario sees every one the target took. */
async function prepare(
  target: RunningTarget,
  ports: PortMap,
): Promise<{ loaded: PortMap; refused: Map<string, string> }> {
  if (target.imposterUrl === undefined) return { loaded: new Map(), refused: new Map() };
  const refused = await loadImposters(target.url, FIXTURES, ports);
  return { loaded: new Map([...ports].filter(([id]) => !refused.has(id))), refused };
}

export interface Ready {
  target: RunningTarget;
  loaded: PortMap;
  refused: Map<string, string>;
}

/** Starts one target and loads its imposters, or says why it could not. */
export async function ready(name: TargetName, ports: PortMap, setup: TargetSetup): Promise<Ready | string> {
  console.log(`starting ${name}…`);
  try {
    const target = await startTarget(name, setup);
    onCleanup(name, () => target.stop(), target.kill);
    return { target, ...(await prepare(target, ports)) };
  } catch (error) {
    const problem = `${name} did not start: ${error instanceof Error ? error.message : String(error)}`;
    console.error(problem);
    return problem;
  }
}

/**
 * Starts every selected target, then runs the scenarios one at a time (two cores: never two load
 * generators at once; an idle server costs nothing), and stops the targets at the end.
 */
export async function runSession(args: RunArgs, k6: K6, dir: string): Promise<Outcome[]> {
  const runs = selectRuns(args);
  const [mountebankPort, ...imposterPorts] = await freePorts(FIXTURES.length + 1);
  const ports: PortMap = new Map(FIXTURES.map((fixture, i) => [fixture.id, imposterPorts[i]!]));
  for (const sub of ["plans", "summaries"]) mkdirSync(join(dir, sub), { recursive: true });
  const setup = { mountebankPort: mountebankPort!, dir };
  const targets = new Map<TargetName, Ready | string>();
  for (const name of TARGET_ORDER) {
    if (runs.some((run) => run.target === name)) targets.set(name, await ready(name, ports, setup));
  }
  console.log("");
  const outcomes: Outcome[] = [];
  for (const { scenario, target: name } of runs) {
    printStart(outcomes.length + 1, runs.length, scenario.id, name);
    const started = targets.get(name)!;
    const outcome =
      typeof started === "string"
        ? { scenario: scenario.id, target: name, status: "error" as const, problems: [started] }
        : await runScenario({ scenario, ...started, args, k6, dir });
    printOutcome(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}
