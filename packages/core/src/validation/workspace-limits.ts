import type { MbError } from "../errors.ts";
import { utf8Length } from "./values.ts";

/**
 * What one workspace may hold, the same for every workspace (the admin Worker's MAX_IMPOSTERS and
 * MAX_STORED_BYTES; README, "Limits"). Mountebank has none of these.
 */
export interface WorkspaceLimits {
  /** Imposters in the workspace. */
  maxImposters: number;
  /** Bytes of every imposter's stored definition (UTF-8 JSON) together. */
  maxStoredBytes: number;
}

export const DEFAULT_WORKSPACE_LIMITS: Readonly<WorkspaceLimits> = Object.freeze({
  maxImposters: 1_000,
  maxStoredBytes: 100 * 1024 * 1024,
});

/** Each limit from its text (a Worker var); a missing or not positive integer one keeps its default. */
export function parseWorkspaceLimits(vars: { [K in keyof WorkspaceLimits]?: string | undefined }) {
  const limits = { ...DEFAULT_WORKSPACE_LIMITS };
  for (const key of Object.keys(limits) as Array<keyof WorkspaceLimits>) {
    const value = Number(vars[key]);
    if (Number.isSafeInteger(value) && value > 0) limits[key] = value;
  }
  return limits;
}

/** The bytes an imposter's definition takes as stored: its JSON, as UTF-8. */
export function definitionBytes(imposter: unknown): number {
  return utf8Length(JSON.stringify(imposter));
}

/** As every limit: `limit exceeded` (413), both numbers in the message and in `data`. */
const exceeded = (limit: keyof WorkspaceLimits, max: number, actual: number, message: string): MbError => ({
  code: "limit exceeded",
  message,
  data: { limit, max, actual },
});

export function imposterCountError(count: number, limits: WorkspaceLimits): MbError | undefined {
  if (count <= limits.maxImposters) return undefined;
  const message = `a workspace may have at most ${limits.maxImposters} imposters; this one would have ${count}`;
  return exceeded("maxImposters", limits.maxImposters, count, message);
}

export function storedBytesError(bytes: number, limits: WorkspaceLimits): MbError | undefined {
  if (bytes <= limits.maxStoredBytes) return undefined;
  const message =
    `a workspace's imposters may take at most ${limits.maxStoredBytes} bytes as JSON together; ` +
    `these would take ${bytes}`;
  return exceeded("maxStoredBytes", limits.maxStoredBytes, bytes, message);
}
