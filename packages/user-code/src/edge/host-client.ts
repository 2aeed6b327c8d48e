import type { UserCall, UserOutcome } from "@mockctl/core";
import type { UserCodeModules } from "../guest/index.ts";

/**
 * The local platform's way to user code (issue 8). Locally workerd runs a loaded isolate on its caller's
 * thread and enforces no CPU limit, so `while (true) {}` in the edge's own LOADER would stop the whole
 * platform. The launcher (../host) binds these two instead; a deployed edge has neither
 * and keeps its own LOADER, whose isolates Cloudflare's CPU limit stops.
 */
export interface UserCodeHostEnv {
  /** A workerd process of its own that loads and runs the code: its thread is the one a loop blocks. */
  USER_CODE_HOST?: Fetcher;
  /** The launcher: `/start` starts the host (on first use), `/overran` kills it if it is stuck. */
  USER_CODE_SUPERVISOR?: Fetcher;
}

// A flag, not a shared promise: a promise made in one request must not be awaited by another.
let hostStarted = false;

/** Before a call's deadline starts: makes sure a host runs (a no-op once one answered). */
export async function ensureHost(env: UserCodeHostEnv): Promise<void> {
  if (hostStarted || env.USER_CODE_SUPERVISOR === undefined) return;
  const answer = await env.USER_CODE_SUPERVISOR.fetch("http://supervisor/start", { method: "POST" });
  if (!answer.ok) throw new Error(`the user code host did not start: ${await answer.text()}`);
  hostStarted = true;
}

/**
 * While a call runs past its deadline: the launcher pings the host and, when its thread is stuck, kills it
 * and starts another before answering, so the next call finds a free host instead of waiting out its own
 * deadline behind the loop. True when the host answered: the call is slow or queued, not stuck, and the
 * host's own clock (host-worker.ts) fails it if the function itself runs past its limit.
 */
export async function hostAnswers(env: UserCodeHostEnv): Promise<boolean> {
  if (env.USER_CODE_SUPERVISOR === undefined) return false;
  try {
    const answer = await env.USER_CODE_SUPERVISOR.fetch("http://supervisor/overran", { method: "POST" });
    const { verdict } = (await answer.json()) as { verdict?: string };
    if (verdict === "healthy") return true;
  } catch {}
  hostStarted = false;
  return false;
}

type HostAnswer = UserOutcome | { missing: string } | { error: string };

const HOST_LOST =
  "the user code host stopped during this call (a function ran out of memory or was stopped as stuck); " +
  "it restarts for the next call";

/** How a call waits on the host: `suspect` is true while the supervisor checks whether it is stuck. */
export interface HostCallOptions {
  limitMs: number;
  signal: AbortSignal;
  suspect: () => boolean;
}

/**
 * Lost connections a call is sent again after. More than one: a host being replaced drains every pooled
 * connection to it, and a retry may be handed another of those before the pool opens one to the new host.
 */
const LOST_CONNECTION_RETRIES = 4;

async function post(host: Fetcher, message: object, options: HostCallOptions, retries = 0) {
  const body = JSON.stringify({ ...message, limitMs: options.limitMs });
  let response: Response;
  try {
    response = await host.fetch("http://user-code-host/run", {
      method: "POST",
      body,
      signal: options.signal,
    });
  } catch (error) {
    // Dropped by the caller at its deadline: the deadline's own error is the answer.
    if (options.signal.aborted) throw error;
    // A connection lost while the host still answers (the soak saw "Network connection lost" with the
    // host's pid unchanged, likely a pooled connection closed as it was reused; or a replaced host draining): tried again. Not
    // while this call is suspected of looping: the supervisor's kill is what lost it, and the host that
    // replaces it must not run the loop again. A call that may have run before the loss did not change
    // the imposter's state: its outcome, state included, was lost with the answer.
    if (retries < LOST_CONNECTION_RETRIES && !options.suspect())
      return post(host, message, options, retries + 1);
    // The host died under this call (killed as stuck, or out of memory): this call fails, and the next
    // one asks the launcher for a host first.
    hostStarted = false;
    throw new Error(HOST_LOST);
  }
  return { status: response.status, body: (await response.json()) as HostAnswer };
}

/**
 * Runs one call on the host. Code crosses only when the host does not hold its id yet (409), so a call
 * costs one small JSON round trip. Values cross as JSON, not structured clones (see README: a Date in
 * `state` comes back as a string locally). A start failure or a throw comes back as an Error with the
 * runtime's message, exactly as the LOADER's own would.
 */
export async function runOnHost(
  host: Fetcher,
  id: string,
  code: UserCodeModules & { compatibilityDate: string },
  call: UserCall,
  options: HostCallOptions,
): Promise<UserOutcome> {
  let answer = await post(host, { id, call }, options);
  if (answer.status === 409) {
    const { compatibilityDate, mainModule, modules } = code;
    answer = await post(host, { id, call, code: { compatibilityDate, mainModule, modules } }, options);
  }
  if (answer.status === 200) return answer.body as UserOutcome;
  const { error } = answer.body as { error?: string };
  throw new Error(error ?? `the user code host answered ${answer.status}`);
}
