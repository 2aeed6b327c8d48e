/**
 * `@mockctl/user-code/edge`: what the edge Worker loads. Mountebank's user functions (predicate and
 * response `inject`, `decorate`, `wait` functions, a proxy's `inject` predicate generators) run in a
 * Worker Loader isolate per imposter version: `createUserCodeDeps` gives the engine its seams, and the
 * wiring (wiring.ts) says which requests need the imposter's object for them.
 *
 * - The loaded worker's code is built by the guest builder (../guest) with every function source pasted
 *   into a module of its own, so nothing is ever eval'd; its id is a SHA-256 of that code.
 * - No network (`globalOutbound: null`), no bindings; `nodejs_compat` for the Buffer and require that
 *   mb's functions use (guest/build-modules.ts). User state (`config.state`, `injectState`) crosses in
 *   and out by value on each call and lives in a bag the caller persists.
 *   A caller without the bag (a front door) runs functions with tripwires instead; a function that uses
 *   state then fails with StateNeeded and the request goes to the imposter's object.
 * - Limits: USER_CODE_TIMEOUT_MS wall clock per call (ours), USER_CODE_CPU_MS CPU (Cloudflare only).
 *   On Cloudflare the runtime's CPU limit ends a runaway isolate. Locally workerd enforces no CPU limit
 *   and runs a loaded isolate on its caller's thread, so the launcher binds USER_CODE_HOST and
 *   USER_CODE_SUPERVISOR (host-client.ts): calls go to a workerd process of its own, which runs them one
 *   at a time and times each from its turn (so load never fails a trivial function). A loop blocks that
 *   process only: at the edge's deadline the launcher finds the host stuck, kills it and starts another,
 *   and the call fails with mb's envelope (../host). A memory bomb aborts the host at its heap limit;
 *   deep recursion is a RangeError; a function that never answers is stopped by the deadline (or at once
 *   by workerd's hang detection when nothing is pending).
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
export {
  frontDoorDeps,
  isStateNeeded,
  markNeedsObject,
  needsObjectForUserCode,
  runsUserCode,
  userCodeDeps,
} from "./wiring.ts";
