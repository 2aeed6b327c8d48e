/**
 * Mountebank's user functions (predicate and response `inject`, `decorate`, `wait` functions) run in a
 * Worker Loader isolate per imposter version: `createUserCodeDeps` gives the engine its four seams.
 *
 * - The loaded worker's code is built by the core (packages/core/src/user-code) with every function
 *   source pasted into a module of its own, so nothing is ever eval'd; its id is a SHA-256 of that code.
 * - No network (`globalOutbound: null`), no bindings, no nodejs_compat. User state (`config.state`,
 *   `injectState`) crosses in and out by value on each call and lives in a bag the caller persists.
 *   A caller without the bag (a front door) runs functions with tripwires instead; a function that uses
 *   state then fails with StateNeeded and the request goes to the imposter's object.
 * - Limits: USER_CODE_TIMEOUT_MS wall clock per call (ours), USER_CODE_CPU_MS CPU (Cloudflare only).
 *   Locally workerd enforces no CPU limit and runs the loaded isolate on the caller's thread, so a
 *   synchronous endless loop (`while (true) {}`) hangs the whole local runtime: no timer can fire. A
 *   function that never answers asynchronously is stopped by the deadline (or at once by workerd's
 *   hang detection when nothing is pending).
 */

export { emptyUserState, type UserState } from "@mockctl/core";
export {
  createUserCodeDeps,
  StateNeeded,
  type UserCodeDeps,
  type UserCodeOptions,
} from "./create-user-code-deps.ts";
export { USER_CODE_CPU_MS, USER_CODE_TIMEOUT_MS } from "./deadline.ts";
export type { UserCodeEnv } from "./run-in-isolate.ts";
