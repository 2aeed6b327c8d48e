import { parseArgs } from "node:util";
import { SCENARIOS } from "../fixtures/scenarios.ts";

export interface LatencyArgs {
  /** Seconds per fixed-rate run, and per wrk run for the saturated rate. */
  seconds: number;
  saturationSeconds: number;
  only: string[];
  pin: boolean;
  /** Runs of each of Mountebank's shares per target, alternated; the verdict reads their medians. */
  repeat: number;
  /** Not the committed report's settings or scenarios: written to results/tmp/, LATENCY.md left as it was. */
  partial: boolean;
}

/** Every scenario served by an imposter (stress is rest-api again; admin has no imposter, and mb none to compare). */
export const LATENCY_SCENARIOS = SCENARIOS.filter(
  (scenario) => scenario.fixture !== undefined && !scenario.stress,
);

export const LATENCY_USAGE =
  "npm run loadtest:latency -- [--seconds 10] [--saturation-seconds 5] [--only baseline,xpath,...] [--repeat 3] [--no-pin]";

function seconds(text: string, what: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 1)
    throw new Error(`${what} must be at least 1 (seconds), not "${text}"`);
  return value;
}

function repeats(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--repeat must be a whole number from 1, not "${text}"`);
  return value;
}

export function parseLatencyArgs(argv: string[]): LatencyArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: "string", default: "10" },
      "saturation-seconds": { type: "string", default: "5" },
      only: { type: "string" },
      pin: { type: "boolean", default: true },
      repeat: { type: "string", default: "3" },
    },
    allowNegative: true,
    strict: true,
  });
  const known = LATENCY_SCENARIOS.map((scenario) => scenario.id);
  const only = values.only === undefined ? known : values.only.split(",").map((id) => id.trim());
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length > 0)
    throw new Error(`unknown scenario: ${unknown.join(", ")} (known: ${known.join(", ")})`);
  return {
    seconds: seconds(values.seconds, "--seconds"),
    saturationSeconds: seconds(values["saturation-seconds"], "--saturation-seconds"),
    only,
    pin: values.pin,
    repeat: repeats(values.repeat),
    partial:
      values.only !== undefined ||
      values.seconds !== "10" ||
      values["saturation-seconds"] !== "5" ||
      values.repeat !== "3",
  };
}
