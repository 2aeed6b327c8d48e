import { UsageError } from "../output.ts";

/** The polling interval's bounds: below 50 ms a typo would make the CLI a load generator against the platform. */
export const MIN_INTERVAL_MS = 50;
export const MAX_INTERVAL_MS = 60_000;
export const DEFAULT_INTERVAL_MS = 500;

/** `--interval <ms>`, a whole number of milliseconds within the bounds; checked before anything is sent. */
export function parseInterval(text: string | undefined, command: string): number {
  if (text === undefined) return DEFAULT_INTERVAL_MS;
  const ms = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(ms >= MIN_INTERVAL_MS && ms <= MAX_INTERVAL_MS)) {
    throw new UsageError(
      `invalid --interval: ${text} (give whole milliseconds from ${MIN_INTERVAL_MS} to ${MAX_INTERVAL_MS})`,
      command,
    );
  }
  return ms;
}
