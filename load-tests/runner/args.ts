import { parseArgs } from "node:util";
import { SCENARIOS, STRESS_VUS, type TargetName } from "../fixtures/scenarios.ts";
import { parseDurationMs } from "../scenarios/lib/plan.js";

export interface RunArgs {
  smoke: boolean;
  /** Per scenario and target, shared by the scenario's requests. */
  duration: string;
  vus: number;
  /** Concurrency of the stress scenario, which --vus does not change. */
  stressVus: number;
  /** Scenario ids to run; the floor runs whenever its target does, since every ratio needs it. */
  only: string[];
  targets: TargetName[];
  /** Pin the targets and k6 to CPUs of their own (see cpu-pin.ts); `--no-pin` turns it off. */
  pin: boolean;
  /**
   * A run that is not the committed report's (some scenarios or targets, another duration or load): its
   * report goes to results/tmp/, and the committed results/LATEST.md stays as it was.
   */
  partial: boolean;
}

export const USAGE = `npm run loadtest -- [--smoke] [--duration 20s] [--vus 50] [--only rest-api,xpath,...]
                    [--targets mountebank,platform,floor] [--no-pin]`;

const TARGETS: readonly TargetName[] = ["mountebank", "platform", "floor"];

/** Smoke runs prove correctness, not speed: a few seconds at low concurrency. */
const SMOKE = { duration: "2s", vus: 4, stressVus: 10 };
const FULL = { duration: "20s", vus: 50, stressVus: STRESS_VUS };

function list(value: string | undefined, allowed: readonly string[], what: string): string[] {
  if (value === undefined) return [...allowed];
  const picked = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = picked.filter((item) => !allowed.includes(item));
  if (unknown.length > 0)
    throw new Error(`unknown ${what}: ${unknown.join(", ")} (known: ${allowed.join(", ")})`);
  return picked;
}

function positive(text: string, what: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${what} must be a positive integer, not "${text}"`);
  return value;
}

export function parseRunArgs(argv: string[]): RunArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      smoke: { type: "boolean", default: false },
      duration: { type: "string" },
      vus: { type: "string" },
      only: { type: "string" },
      targets: { type: "string" },
      pin: { type: "boolean", default: true },
    },
    allowNegative: true,
    strict: true,
  });
  const defaults = values.smoke ? SMOKE : FULL;
  const duration = values.duration ?? defaults.duration;
  parseDurationMs(duration); // fail now, not in the middle of a run
  return {
    smoke: values.smoke,
    duration,
    vus: values.vus === undefined ? defaults.vus : positive(values.vus, "--vus"),
    stressVus: defaults.stressVus,
    only: list(
      values.only,
      SCENARIOS.map((scenario) => scenario.id),
      "scenario",
    ),
    targets: list(values.targets, TARGETS, "target") as TargetName[],
    pin: values.pin,
    partial: [values.duration, values.vus, values.only, values.targets].some((given) => given !== undefined),
  };
}
