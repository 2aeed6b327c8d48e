import { writeFileSync } from "node:fs";
import { type PortMap, requestsFor, type Scenario, type TargetName } from "../fixtures/scenarios.ts";

/**
 * The request plan a k6 script reads (REQUESTS_FILE): which imposter, by port, and which requests with
 * what each must answer. `ports` holds the imposters the target took.
 */
export function writePlan(file: string, scenario: Scenario, target: TargetName, ports: PortMap): void {
  const port = scenario.fixture === undefined ? null : (ports.get(scenario.fixture.id) ?? null);
  const plan = { scenario: scenario.id, port, requests: requestsFor(scenario, target, ports) };
  writeFileSync(file, `${JSON.stringify(plan, null, 1)}\n`);
}
