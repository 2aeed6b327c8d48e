import { NO_MATCH_BODY } from "../fixtures/build.ts";
import { churnStub } from "../fixtures/churn.ts";

/** What the admin changes did: each is checked through the imposter right after the admin API answered. */
export interface ChurnResult {
  changes: number;
  /** Admin calls that did not answer 2xx, or threw. */
  failed: number;
  /** The imposter's answer right after a change that did not reflect it. */
  wrong: number;
  problems: string[];
}

interface Step {
  method: "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  /** What GET /churn/<n> must answer once the admin API has acknowledged the change. */
  expect: { status: number; body: string };
}

/** Change n: added at index 0 (every stable stub moves down one), then replaced there, then deleted. */
function step(n: number): Step {
  const id = Math.floor(n / 3);
  if (n % 3 === 0)
    return {
      method: "POST",
      path: "/stubs",
      body: { index: 0, stub: churnStub(id, "added") },
      expect: { status: 200, body: `churn ${id} added` },
    };
  if (n % 3 === 1)
    return {
      method: "PUT",
      path: "/stubs/0",
      body: churnStub(id, "replaced"),
      expect: { status: 200, body: `churn ${id} replaced` },
    };
  return { method: "DELETE", path: "/stubs/0", expect: { status: 404, body: NO_MATCH_BODY } };
}

/** Applies change n and checks it; false when the admin API did not acknowledge it. */
async function apply(admin: string, imposter: string, n: number, result: ChurnResult): Promise<boolean> {
  const change = step(n);
  const id = Math.floor(n / 3);
  const init: RequestInit = { method: change.method, headers: { "Content-Type": "application/json" } };
  if (change.body !== undefined) init.body = JSON.stringify(change.body);
  const response = await fetch(`${admin}${change.path}`, init);
  await response.arrayBuffer();
  result.changes++;
  if (!response.ok) {
    result.failed++;
    result.problems.push(`${change.method} ${change.path} answered ${response.status}`);
    return false;
  }
  const answer = await fetch(`${imposter}/churn/${id}`);
  const body = await answer.text();
  if (answer.status !== change.expect.status || body !== change.expect.body) {
    result.wrong++;
    result.problems.push(`after ${change.method} ${change.path}: ${answer.status} ${JSON.stringify(body)}`);
  }
  return true;
}

/**
 * Changes the imposter's stubs every `everyMs` until stopped: `admin` is its admin URL
 * (`<api>/imposters/<port>`), `imposter` where it answers. Returns a stop that resolves with the tally.
 */
export function startChurn(admin: string, imposter: string, everyMs: number): () => Promise<ChurnResult> {
  const result: ChurnResult = { changes: 0, failed: 0, wrong: 0, problems: [] };
  let n = 0;
  let running: Promise<void> = Promise.resolve();
  const next = async () => {
    const current = n++;
    const acknowledged = await apply(admin, imposter, current, result).catch((error: unknown) => {
      result.failed++;
      result.problems.push(`change ${current}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    });
    // Without its stub added, replacing or deleting index 0 would hit a stable stub: start the next one.
    if (!acknowledged && current % 3 === 0) n += 2;
  };
  const timer = setInterval(() => {
    running = running.then(next);
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
    result.problems = result.problems.slice(0, 20);
    return result;
  };
}
