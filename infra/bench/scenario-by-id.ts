import { FLOORS } from "./floors.ts";
import { ISSUE12_SCENARIOS } from "./issue12-scenarios.ts";
import { LOADTEST_SCENARIOS } from "./loadtest-scenarios.ts";
import { SCENARIOS, type Scenario } from "./scenarios.ts";

/** Every scenario a bench script can load by name: the floors, bench:platform's, issue 12's and the load tests'. */
const ALL = new Map(
  [...FLOORS, ...SCENARIOS, ...ISSUE12_SCENARIOS, ...LOADTEST_SCENARIOS].map((s) => [s.id, s]),
);

/** The scenario named `id`; an unknown id ends the script, as a typo in --cases should. */
export function scenarioOf(id: string): Scenario {
  const scenario = ALL.get(id);
  if (scenario === undefined) throw new Error(`unknown scenario ${id}`);
  return scenario;
}
