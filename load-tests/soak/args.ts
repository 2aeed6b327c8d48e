import { parseArgs } from "node:util";
import { parseDurationMs } from "../scenarios/lib/plan.js";

export interface SoakArgs {
  duration: string;
  durationMs: number;
  vus: number;
  churnEveryMs: number;
  sampleEveryMs: number;
  pin: boolean;
  /** Scenarios of the mix to keep (by id, "admin" and "churn" included); all when absent. */
  only?: string[];
}

export const SOAK_USAGE =
  "npm run loadtest:soak -- [--duration 10m] [--vus 200] [--churn-every 3s] [--sample-every 5s] [--only decorate,churn] [--no-pin]";

/** The soak: 10 minutes at 200 connections, admin changes every few seconds. */
export const FULL_SOAK_MS = 600_000;

export function parseSoakArgs(argv: string[]): SoakArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string", default: "10m" },
      vus: { type: "string", default: "200" },
      "churn-every": { type: "string", default: "3s" },
      "sample-every": { type: "string", default: "5s" },
      pin: { type: "boolean", default: true },
      only: { type: "string" },
    },
    allowNegative: true,
    strict: true,
  });
  const vus = Number(values.vus);
  if (!Number.isInteger(vus) || vus < 1)
    throw new Error(`--vus must be a positive integer, not "${values.vus}"`);
  return {
    duration: values.duration,
    durationMs: parseDurationMs(values.duration),
    vus,
    churnEveryMs: parseDurationMs(values["churn-every"]),
    sampleEveryMs: parseDurationMs(values["sample-every"]),
    pin: values.pin,
    ...(values.only === undefined ? {} : { only: values.only.split(",").map((id) => id.trim()) }),
  };
}
