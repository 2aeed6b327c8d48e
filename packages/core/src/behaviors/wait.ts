import { MbFailure } from "../errors.ts";
import { type BehaviorDeps, INJECTION_NOT_ALLOWED } from "./types.ts";

// Node's setTimeout limit. A delay outside 1..TIMEOUT_MAX makes Node fire after 1 ms, so Mountebank
// effectively does not wait; we answer 0 rather than sleep for weeks.
const TIMEOUT_MAX = 2 ** 31 - 1;

function asDelay(value: unknown): number {
  const ms = Number(value);
  return ms >= 1 && ms <= TIMEOUT_MAX ? ms : 0;
}

/**
 * Milliseconds for a `wait` behavior. Mountebank runs `parseInt` on the value whatever its type, so
 * 500, "500", "500ms" and " 500" all wait 500 ms, "0x10" waits 16 and 1e21 waits 1. Only when that
 * gives NaN is the string a function, run through the `waitFunction` seam. The core never sleeps: the
 * adapter does, once, for the sum of every wait.
 */
export async function waitMilliseconds(value: number | string, deps: BehaviorDeps): Promise<number> {
  // biome-ignore lint/correctness/useParseIntRadix: Mountebank calls parseInt with no radix ("0x10" is 16).
  const parsed = Number.parseInt(String(value));
  if (!Number.isNaN(parsed)) return asDelay(parsed);
  if (!deps.waitFunction) {
    throw new MbFailure({ code: "invalid injection", message: INJECTION_NOT_ALLOWED, source: value });
  }
  return asDelay(await deps.waitFunction(String(value)));
}
