import {
  type EngineDeps,
  type Imposter,
  type IsResponse,
  MbFailure,
  type MbRequest,
  type UserCall,
  type UserCodeKind,
  type UserLogLine,
  type UserState,
  userCodeError,
} from "@mockctl/core";
import { exclusive, USER_CODE_TIMEOUT_MS, withChecks, withDeadline } from "./deadline.ts";
import { ensureHost, hostAnswers } from "./host-client.ts";
import { programFor } from "./program.ts";
import { messageOf, runInIsolate, type UserCodeEnv } from "./run-in-isolate.ts";

/** The engine's user-code seams; the predicate one always answers asynchronously. */
export type UserCodeDeps = Required<
  Pick<EngineDeps, "inject" | "decorate" | "waitFunction" | "generatePredicates">
> & {
  injectPredicate: (source: string, request: MbRequest) => Promise<boolean>;
};

/**
 * Thrown by a call without state whose function used state: only the imposter's object can answer it.
 * Nothing of the call is kept, so the object's run of the same request is the only one that counts.
 */
export class StateNeeded extends Error {
  constructor() {
    super("user code used imposter state, which only the imposter's object holds");
  }
}

export interface UserCodeOptions {
  /**
   * The imposter's user state (`emptyUserState()` for a new imposter). Calls replace its two fields with
   * what the function left; the caller persists the bag after the request. Calls sharing one bag run in
   * turn, so give every request of an imposter the same bag object. Without it (a front door), calls
   * run at once with tripwires for state, and a function that uses state fails with StateNeeded.
   */
  state?: UserState;
  /** Wall-clock limit per call; USER_CODE_TIMEOUT_MS unless given. */
  timeoutMs?: number;
  /**
   * Keeps what a function gave its logger (the imposter's object stores it for GET /logs). Without it (a
   * front door), a call that logged fails with StateNeeded, so the object runs the request and keeps them.
   */
  log?: (lines: UserLogLine[]) => void;
  /** The imposter's workspace: its functions run in a loaded worker no other workspace's calls share. */
  tenant?: string;
}

/**
 * The engine's seams for Mountebank's user functions: predicate and response `inject`, `decorate` and
 * `wait` functions, run in the imposter's loaded worker (no network, no bindings). A function that
 * throws, rejects or runs out of time fails with Mountebank's InjectionError for its kind.
 */
export function createUserCodeDeps(
  env: UserCodeEnv,
  imposter: Imposter,
  options: UserCodeOptions,
): UserCodeDeps {
  const program = programFor(imposter, options.tenant);
  const timeoutMs = options.timeoutMs ?? USER_CODE_TIMEOUT_MS;
  const bag = options.state;

  async function call(kind: UserCodeKind, source: string, inputs: Omit<UserCall, "kind" | "module">) {
    const failure = (data: string | undefined) => new MbFailure(userCodeError(kind, source, data));
    // Locally, a host process must run first; its start-up is not the function's time.
    await ensureHost(env).catch((error: unknown) => {
      throw failure(messageOf(error));
    });
    const late = () => failure(`user code did not finish within ${timeoutMs} ms`);
    const outcome = await (env.USER_CODE_HOST === undefined
      ? withDeadline(runInIsolate(env, program, kind, source, inputs), timeoutMs, late)
      : onHost(kind, source, inputs, late)
    ).catch((error: unknown) => {
      throw error instanceof MbFailure ? error : failure(messageOf(error));
    });
    if (outcome.logs !== undefined) {
      if (options.log === undefined) throw new StateNeeded();
      options.log(outcome.logs);
    }
    if (outcome.state !== undefined && bag !== undefined) {
      bag.imposterState = outcome.state.imposterState;
      bag.injectState = outcome.state.injectState;
    }
    if (!outcome.ok) throw outcome.touched ? new StateNeeded() : failure(outcome.data);
    return outcome.value;
  }

  /**
   * Locally the host times the function's own run (host-worker.ts); the edge only watches for a host
   * stuck in a loop. Past the limit the launcher pings the host: one that answers is busy, not stuck
   * (the soak's trivial decorates failed when this wait counted as theirs), so the call waits on; one
   * that does not is killed, and the call fails. Its request is dropped then, so a function that waits
   * forever is dropped too.
   */
  function onHost(
    kind: UserCodeKind,
    source: string,
    inputs: Omit<UserCall, "kind" | "module">,
    late: () => Error,
  ) {
    const abort = new AbortController();
    let suspect = false;
    const hostCall = { limitMs: timeoutMs, signal: abort.signal, suspect: () => suspect };
    const work = runInIsolate(env, program, kind, source, inputs, hostCall);
    const stillFine = async () => {
      suspect = true;
      suspect = !(await hostAnswers(env));
      return !suspect;
    };
    return withChecks(work, timeoutMs, stillFine, () => {
      abort.abort();
      return late();
    });
  }

  /** A call that may read and write the user state: one at a time per bag, or a probe without one. */
  const withState = (
    kind: UserCodeKind,
    source: string,
    inputs: Omit<UserCall, "kind" | "module" | "state">,
  ) =>
    bag === undefined
      ? call(kind, source, inputs)
      : exclusive(bag, () => call(kind, source, { ...inputs, state: bag }));

  return {
    injectPredicate: async (source, request) => Boolean(await withState("predicate", source, { request })),
    inject: async (source, request) => {
      // Mountebank's dry run (validation) answers an empty response without running the function.
      if ((request as { isDryRun?: unknown }).isDryRun) return {};
      return (await withState("response", source, { request })) as IsResponse;
    },
    decorate: async (source, request, response) =>
      (await withState("decorate", source, { request, response })) as IsResponse,
    waitFunction: async (source) => Number(await call("wait", source, {})),
    generatePredicates: (source, request) => call("generator", source, { request }),
  };
}
