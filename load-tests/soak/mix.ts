import { churn } from "../fixtures/churn.ts";
import { FIXTURES, type PortMap, SCENARIOS } from "../fixtures/scenarios.ts";
import type { ImposterFixture, RequestSpec } from "../fixtures/types.ts";

/** Every imposter the soak loads: the load-test fixtures and the one its admin changes touch. */
export const SOAK_FIXTURES: readonly ImposterFixture[] = [...FIXTURES, churn];

/**
 * The soak's requests with whole URLs: every request of every scenario served by an imposter (stress is
 * rest-api again), the admin API's read of one imposter, and the churn imposter's stable stubs. The admin
 * list is left out: its answer names every imposter, which is what the soak does not hold still.
 */
export function soakMix(url: string, ports: PortMap): RequestSpec[] {
  const served = SCENARIOS.filter((scenario) => scenario.fixture !== undefined && !scenario.stress);
  const mix = served.flatMap((scenario) =>
    scenario.requests(ports).map((request) => ({
      ...request,
      name: `${scenario.id}:${request.name}`,
      path: `${url}/i/${ports.get(scenario.fixture!.id)}${request.path}`,
    })),
  );
  const admin = SCENARIOS.find((scenario) => scenario.id === "admin")!;
  const read = admin.requests(ports).filter((request) => request.name === "get");
  const reads = read.map((request) => ({ ...request, name: "admin:get", path: `${url}${request.path}` }));
  const stable = churn.requests.map((request) => ({
    ...request,
    name: `churn:${request.name}`,
    path: `${url}/i/${ports.get(churn.id)}${request.path}`,
  }));
  return [...mix, ...reads, ...stable];
}
