import { type EngineDeps, type Imposter, type ImposterEngine, userFunctionsOf } from "@mockctl/core";
import { createUserCodeDeps, emptyUserState, type UserCodeEnv, type UserState } from "./user-code/index.ts";

const hasCode = new WeakMap<ImposterEngine, boolean>();

/**
 * Whether any of the imposter's functions runs user code. Such an imposter is served only by its object:
 * a predicate `inject` runs during matching and shares `state` with every other function, so no
 * request of it may be answered from a front door's registry.
 */
export function runsUserCode(engine: ImposterEngine): boolean {
  let known = hasCode.get(engine);
  if (known === undefined) {
    known = userFunctionsOf(engine.imposter).length > 0;
    hasCode.set(engine, known);
  }
  return known;
}

/** The engine's seams for one imposter's user code, sharing one state bag across its requests. */
export function userCodeDeps(env: UserCodeEnv, imposter: Imposter, state: UserState): EngineDeps {
  if (userFunctionsOf(imposter).length === 0) return {};
  return createUserCodeDeps(env, imposter, { state });
}

export { emptyUserState, type UserState };
