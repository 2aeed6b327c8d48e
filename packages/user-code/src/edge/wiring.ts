import {
  type EngineDeps,
  type Imposter,
  type ImposterEngine,
  type UserLogLine,
  type UserState,
  userFunctionsOf,
} from "@mockctl/core";
import { createUserCodeDeps, StateNeeded } from "./create-user-code-deps.ts";
import type { UserCodeEnv } from "./run-in-isolate.ts";

interface UserCodeFacts {
  /** The imposter has user functions at all. */
  runs: boolean;
  /** Every request must go to the object: see needsObjectForUserCode. */
  needsObject: boolean;
  /** The front door's seams, made on first use for the env and other seams they were made with. */
  deps?: { env: object; others: EngineDeps; deps: EngineDeps };
}

const facts = new WeakMap<ImposterEngine, UserCodeFacts>();

function factsOf(engine: ImposterEngine): UserCodeFacts {
  let known = facts.get(engine);
  if (known === undefined) {
    const functions = userFunctionsOf(engine.imposter);
    known = { runs: functions.length > 0, needsObject: functions.some((f) => f.kind === "predicate") };
    facts.set(engine, known);
  }
  return known;
}

/** Whether any of the imposter's functions runs user code. */
export const runsUserCode = (engine: ImposterEngine): boolean => factsOf(engine).runs;

/**
 * Whether every request of the imposter must go to its object for its user code's sake. An injected
 * predicate runs while matching, before any stub is known, and may keep `state`, so then always. Other
 * functions run at the front door first, without state (see the user-code runtime); once one of them
 * uses state, this engine's requests all go to the object, so each version pays that detour once.
 */
export const needsObjectForUserCode = (engine: ImposterEngine): boolean => factsOf(engine).needsObject;

/** Called when a front-door run met StateNeeded; the request itself must then go to the object. */
export function markNeedsObject(engine: ImposterEngine): void {
  factsOf(engine).needsObject = true;
}

export const isStateNeeded = (error: unknown): boolean => error instanceof StateNeeded;

/**
 * The front door's seams for a stateless stub of an imposter with user code: `others` (the Worker's own,
 * e.g. lookups; made once per env, so the merged seams are too) and the stateless user-code calls.
 */
export function frontDoorDeps(
  env: UserCodeEnv,
  engine: ImposterEngine,
  others: EngineDeps,
  tenant: string,
): EngineDeps {
  const known = factsOf(engine);
  if (known.deps?.env !== env || known.deps.others !== others) {
    const deps = { ...others, ...createUserCodeDeps(env, engine.imposter, { tenant }) };
    known.deps = { env, others, deps };
  }
  return known.deps.deps;
}

/**
 * The engine's seams for one imposter's user code, sharing one state bag across its requests; `log` keeps
 * what its functions log.
 */
export function userCodeDeps(
  env: UserCodeEnv,
  imposter: Imposter,
  state: UserState,
  log: (lines: UserLogLine[]) => void,
  tenant: string,
): EngineDeps {
  if (userFunctionsOf(imposter).length === 0) return {};
  return createUserCodeDeps(env, imposter, { state, log, tenant });
}
