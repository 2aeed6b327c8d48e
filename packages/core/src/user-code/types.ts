import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse } from "../schemas/response.ts";

/** The five places Mountebank calls a user function (a proxy's `inject` predicate generator the fifth), each with its own arguments and error message. */
export const USER_CODE_KINDS = ["predicate", "response", "decorate", "wait", "generator"] as const;
export type UserCodeKind = (typeof USER_CODE_KINDS)[number];

/** One function source as the imposter holds it, and where it is called. */
export interface UserFunction {
  kind: UserCodeKind;
  source: string;
}

/**
 * Mountebank's two user-controlled objects of one imposter: `imposterState` (config.state, shared by
 * predicates, responses and decorators) and the deprecated `injectState` (responses only). Both start
 * empty and live as long as the imposter. The platform persists this bag between requests; its values
 * must survive structured cloning, since they cross into the user-code isolate and back on every call.
 */
export interface UserState {
  imposterState: Record<string, unknown>;
  injectState: Record<string, unknown>;
}

export const emptyUserState = (): UserState => ({ imposterState: {}, injectState: {} });

/**
 * One call of a user function, as the platform sends it to where user code runs (`@mockctl/user-code`):
 * which function and its inputs, the arguments Mountebank gives that kind.
 */
export interface UserCall {
  kind: UserCodeKind;
  /** Where the platform's build of the imposter's functions put this one, e.g. `f0.js`. */
  module: string;
  request?: MbRequest;
  response?: IsResponse;
  /** Absent: a probe for a front door without state (see `@mockctl/user-code`). Wait functions never get it. */
  state?: UserState;
}

/** One line a user function gave its `logger`, formatted as Mountebank formats it, without its scope. */
export interface UserLogLine {
  level: "debug" | "info" | "warn" | "error";
  message: string;
}

/**
 * A call's answer. A failure carries the thrown value's `message` (Mountebank's `data`).
 * `state` is the state after the call, failures included: mutations made before a throw survive in mb.
 * `touched`: the call came without state and the function used it (or its logger); nothing else holds.
 * `logs`: what the function logged, in order, when it logged anything.
 */
export type UserOutcome =
  | { ok: true; value: unknown; state?: UserState; logs?: UserLogLine[] }
  | { ok: false; data?: string; state?: UserState; touched?: true; logs?: UserLogLine[] };
