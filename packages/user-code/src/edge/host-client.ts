import { countGarbage, USER_CODE_CALL } from "@mockctl/contract/native-garbage";
import type { UserCall, UserOutcome } from "@mockctl/core";
import type { UserCodeModules } from "../guest/index.ts";
import { SharedQuestion } from "./shared-question.ts";

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

/**
 * Before a call's deadline starts: makes sure a host runs (a no-op once one answered). The calls that need
 * a host at once (the first ones, or every call in flight when one was lost) share one question.
 */
export async function ensureHost(env: UserCodeHostEnv): Promise<void> {
  const supervisor = env.USER_CODE_SUPERVISOR;
  if (hostStarted || supervisor === undefined) return;
  const failure = await starting.answer(() => askForHost(supervisor));
  if (failure !== undefined) throw new Error(`the user code host did not start: ${failure}`);
  hostStarted = true;
}

// Longer than a start takes: the supervisor may watch and ping a running host (1.2 s), then start one.
const starting = new SharedQuestion<string | undefined>(5_000, 50);

/** Undefined once a host runs, or why none does. */
async function askForHost(supervisor: Fetcher): Promise<string | undefined> {
  try {
    const answer = await supervisor.fetch("http://supervisor/start", { method: "POST" });
    return answer.ok ? undefined : await answer.text();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * While a call runs past its deadline: the launcher pings the host and, when its thread is stuck, kills it
 * and starts another before answering, so the next call finds a free host instead of waiting out its own
 * deadline behind the loop. True when the host answered: the call is slow or queued, not stuck, and the
 * host's own clock (host-worker.ts) fails it if the function itself runs past its limit.
 *
 * One question at a time (shared-question.ts), and a healthy verdict heard in the last SHARED_VERDICT_MS
 * answers for every call that overran meanwhile: the host's thread moved on within it.
 */
export async function hostAnswers(env: UserCodeHostEnv): Promise<boolean> {
  const supervisor = env.USER_CODE_SUPERVISOR;
  if (supervisor === undefined) return false;
  if (overran.recent(SHARED_VERDICT_MS) === true) return true;
  const healthy = await overran.answer(() => askSupervisor(supervisor));
  if (!healthy) hostStarted = false;
  return healthy;
}

const SHARED_VERDICT_MS = 250;
// Longer than the supervisor's answer takes: it watches the host for 200 ms, then pings it for up to 1 s.
const overran = new SharedQuestion<boolean>(1_500, 100);

async function askSupervisor(supervisor: Fetcher): Promise<boolean> {
  try {
    const answer = await supervisor.fetch("http://supervisor/overran", { method: "POST" });
    const { verdict } = (await answer.json()) as { verdict?: string };
    return verdict === "healthy";
  } catch {
    return false;
  }
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

/** The host's and the supervisor's path for a call: the supervisor relays it to the host (../host). */
const RUN_URL = "http://user-code-host/run";
const RELAY_URL = "http://supervisor/run";

/**
 * Sends a call; a call whose connection was lost is sent once more, through the supervisor, which relays it
 * to the host now listening on a connection of its own. Not again through USER_CODE_HOST: workerd pools its
 * connections there, and the pool may hold more connections the host closed, each of which would lose the
 * retry too (a replaced host drains on SIGTERM and closes every idle connection at once; a host also closes
 * one idle for 5 s, when workerd's pool would keep it for 5 s as well).
 */
async function post(env: HostEnv, message: object, options: HostCallOptions) {
  // Each call leaves its Request, Response and JSON in native memory until V8 collects them: counted
  // toward the isolate's next full collection (@mockctl/contract/native-garbage).
  countGarbage(USER_CODE_CALL);
  const init = { method: "POST", body: JSON.stringify({ ...message, limitMs: options.limitMs }) };
  let response: Response;
  try {
    response = await env.USER_CODE_HOST.fetch(RUN_URL, { ...init, signal: options.signal });
  } catch (error) {
    // Dropped by the caller at its deadline: the deadline's own error is the answer.
    if (options.signal.aborted) throw error;
    // Not while this call is suspected of looping: the supervisor's kill is what lost it, and the host
    // that replaces it must not run the loop again. A call that may have run before the loss did not
    // change the imposter's state: its outcome, state included, was lost with the answer.
    if (options.suspect() || env.USER_CODE_SUPERVISOR === undefined) throw lostHost();
    response = await env.USER_CODE_SUPERVISOR.fetch(RELAY_URL, { ...init, signal: options.signal }).catch(
      (relayError: unknown) => {
        throw options.signal.aborted ? relayError : lostHost();
      },
    );
    // The supervisor answers 503 when no host runs: it died under this call (killed as stuck, or out of
    // memory).
    if (response.status === 503) throw lostHost();
  }
  return { status: response.status, body: (await response.json()) as HostAnswer };
}

/** This call fails, and the next one asks the launcher for a host first. */
function lostHost(): Error {
  hostStarted = false;
  return new Error(HOST_LOST);
}

type HostEnv = UserCodeHostEnv & { USER_CODE_HOST: Fetcher };

/** Whether the launcher bound a user-code host (locally); a deployed edge has none. */
export const hasHost = <E extends UserCodeHostEnv>(env: E): env is E & HostEnv =>
  env.USER_CODE_HOST !== undefined;

/**
 * Runs one call on the host. Code crosses only when the host does not hold its id yet (409), so a call
 * costs one small JSON round trip. Values cross as JSON, not structured clones (see README: a Date in
 * `state` comes back as a string locally). A start failure or a throw comes back as an Error with the
 * runtime's message, exactly as the LOADER's own would.
 */
export async function runOnHost(
  env: HostEnv,
  id: string,
  code: UserCodeModules & { compatibilityDate: string },
  call: UserCall,
  options: HostCallOptions,
): Promise<UserOutcome> {
  let answer = await post(env, { id, call }, options);
  if (answer.status === 409) {
    const { compatibilityDate, compatibilityFlags, mainModule, modules } = code;
    const sent = { compatibilityDate, compatibilityFlags, mainModule, modules };
    answer = await post(env, { id, call, code: sent }, options);
  }
  if (answer.status === 200) return answer.body as UserOutcome;
  const { error } = answer.body as { error?: string };
  throw new Error(error ?? `the user code host answered ${answer.status}`);
}
