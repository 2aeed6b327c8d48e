import { FLOOR_ANSWER, type PortMap, type Scenario } from "../fixtures/scenarios.ts";
import type { RequestSpec } from "../fixtures/types.ts";
import { type LatencyTarget, type RatePoint, type ScenarioLatency, SHARES } from "../report/latency-model.ts";
import type { K6 } from "../runner/k6-binary.ts";
import { probe } from "../runner/probe.ts";
import { atRate } from "./fixed-rate.ts";
import { saturate, wrkCanSend } from "./saturation.ts";

export interface LatencySetup {
  k6: K6;
  dir: string;
  seconds: number;
  saturationSeconds: number;
  /** The highest rate k6 offers here (90% of its ceiling): higher ones are not run. */
  k6Max: number;
  /** Runs of each of Mountebank's shares per target (the judged comparison). */
  repeat: number;
  ports: PortMap;
  /** Where each target answers the fixture imposter at `port` (the floor ignores the port). */
  bases: Record<LatencyTarget, (port: number) => string>;
}

/** One request per scenario, so wrk and k6 send the same: its last of N, else the first wrk can send. */
export function pickRequest(scenario: Scenario, ports: PortMap): RequestSpec | undefined {
  const sendable = scenario
    .requests(ports)
    .filter((request) => wrkCanSend(request) && request.expect.status < 300);
  return sendable.find((request) => request.name === (scenario.lastOfN ?? "last")) ?? sendable[0];
}

const TARGETS: readonly LatencyTarget[] = ["mountebank", "platform", "floor"];

interface Run {
  target: LatencyTarget;
  basis: RatePoint["basis"];
  share: number;
  rate: number;
}

/**
 * Which rates each target is offered, in pairs run back to back so a busy spell on this shared machine
 * lands on both sides of a comparison alike: Mountebank and the platform at Mountebank's shares (the
 * issue's comparison, `repeat` pairs each, since one 10 s run's p99 at these rates moves by several ms
 * from one run to the next: infra/bench/tail-hops/README.md), the platform and the floor at the
 * platform's (nothing of ours in the floor), and both at the most k6 can offer, since our own shares are
 * mostly beyond it.
 */
export function schedule(saturated: Record<LatencyTarget, number>, k6Max: number, repeat = 1): Run[] {
  const pair = (basis: RatePoint["basis"], share: number, rate: number, targets: LatencyTarget[]) =>
    targets.map((target) => ({ target, basis, share, rate }));
  return [
    ...SHARES.flatMap((share) =>
      Array.from({ length: repeat }, () =>
        pair("mountebank", share, share * saturated.mountebank, ["mountebank", "platform"]),
      ).flat(),
    ),
    ...SHARES.flatMap((share) => pair("platform", share, share * saturated.platform, ["platform", "floor"])),
    ...pair("k6", 1, k6Max, ["platform", "floor"]),
  ];
}

export async function measureScenario(scenario: Scenario, setup: LatencySetup): Promise<ScenarioLatency> {
  const request = pickRequest(scenario, setup.ports);
  const result: ScenarioLatency = {
    scenario: scenario.id,
    title: scenario.title,
    request: request?.name ?? "–",
    saturation: [],
    points: [],
    problems: [],
  };
  if (request === undefined) {
    result.problems.push("no request wrk can send (a GET, or a POST with a body)");
    return result;
  }
  const port = setup.ports.get(scenario.fixture?.id ?? "")!;
  const sent = (target: LatencyTarget) => ({
    ...request,
    path: setup.bases[target](port) + request.path,
    ...(target === "floor" ? { expect: FLOOR_ANSWER } : {}),
  });
  for (const target of TARGETS) {
    const wrong = await probe("", [sent(target)]);
    if (wrong.length > 0) result.problems.push(...wrong.map((problem) => `${target}: ${problem}`));
  }
  if (result.problems.length > 0) return result;
  for (const target of TARGETS)
    result.saturation.push(await saturate(target, sent(target).path, request, setup.saturationSeconds));
  const rps = (target: LatencyTarget) => result.saturation.find((s) => s.target === target)?.rps ?? 0;
  const plan = schedule(
    { mountebank: rps("mountebank"), platform: rps("platform"), floor: rps("floor") },
    setup.k6Max,
    setup.repeat,
  );
  for (const { target, basis, share, rate } of plan) {
    const load = { k6: setup.k6, dir: setup.dir, target, request: sent(target), seconds: setup.seconds };
    result.points.push(
      rate > setup.k6Max * 1.001
        ? skipped(target, basis, share, rate, setup.k6Max)
        : await atRate(load, rate, { basis, share }),
    );
  }
  return result;
}

function skipped(
  target: LatencyTarget,
  basis: RatePoint["basis"],
  share: number,
  rate: number,
  k6Max: number,
): RatePoint {
  const offered = Math.round(rate);
  const none = {
    delivered: 0,
    planned: 0,
    dropped: 0,
    p50: 0,
    p90: 0,
    p99: 0,
    failedRequests: 0,
    failedChecks: 0,
  };
  return {
    target,
    basis,
    share,
    offered,
    ...none,
    skipped: `beyond what k6 offers here (${Math.round(k6Max).toLocaleString("en-US")} req/s)`,
  };
}
