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
import { type RunningTarget, startTarget } from "./targets.ts";

const TARGET_ORDER: readonly TargetName[] = ["mountebank", "platform", "floor"];

/** The floor runs whenever its target does: every "of floor" ratio needs it. */
export function selectRuns(args: RunArgs): { scenario: Scenario; target: TargetName }[] {
  const chosen = SCENARIOS.filter((scenario) => scenario.id === "floor" || args.only.includes(scenario.id));
  return TARGET_ORDER.filter((target) => args.targets.includes(target)).flatMap((target) =>
    chosen.filter((scenario) => scenario.targets.includes(target)).map((scenario) => ({ scenario, target })),
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

/**
 * Runs every selected scenario against one target at a time (two cores: never two load generators, and
 * no idle server competing), starting each target just before its turn and stopping it right after.
 */
export async function runSession(args: RunArgs, k6: K6, dir: string): Promise<Outcome[]> {
  const runs = selectRuns(args);
  const [mountebankPort, ...imposterPorts] = await freePorts(FIXTURES.length + 1);
  const ports: PortMap = new Map(FIXTURES.map((fixture, i) => [fixture.id, imposterPorts[i]!]));
  for (const sub of ["plans", "summaries"]) mkdirSync(join(dir, sub), { recursive: true });
  const outcomes: Outcome[] = [];
  for (const name of TARGET_ORDER) {
    const mine = runs.filter((run) => run.target === name);
    if (mine.length === 0) continue;
    console.log(`\nstarting ${name}…`);
    let target: RunningTarget;
    try {
      target = await startTarget(name, { mountebankPort: mountebankPort!, dir });
    } catch (error) {
      const problem = `${name} did not start: ${error instanceof Error ? error.message : String(error)}`;
      console.error(problem);
      outcomes.push(
        ...mine.map(({ scenario }) => ({
          scenario: scenario.id,
          target: name,
          status: "error" as const,
          problems: [problem],
        })),
      );
      continue;
    }
    const stop = onCleanup(name, () => target.stop(), target.kill);
    try {
      const { loaded, refused } = await prepare(target, ports);
      for (const { scenario } of mine) {
        printStart(outcomes.length + 1, runs.length, scenario.id, name);
        const outcome = await runScenario({ scenario, target, loaded, refused, args, k6, dir });
        printOutcome(outcome);
        outcomes.push(outcome);
      }
    } finally {
      await stop();
    }
  }
  return outcomes;
}
