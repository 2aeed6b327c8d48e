import type { Behavior } from "../schemas/behavior.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse } from "../schemas/response.ts";
import { copy } from "./copy.ts";
import { decorate } from "./decorate.ts";
import { lookup } from "./lookup.ts";
import { refuseShellTransform } from "./shell-transform.ts";
import type { BehaviorDeps } from "./types.ts";
import { waitMilliseconds } from "./wait.ts";

export interface BehaviorsResult {
  response: IsResponse;
  /** The sum of every `wait`: the adapter sleeps this long before answering. */
  waitMs: number;
}

/**
 * Runs a response's behaviors in array order, as Mountebank's behaviors.execute chains them: within one
 * element every known key runs in key order (the validator allows one), unknown keys are skipped. The
 * input is never mutated: the behaviors work on a JSON copy, the clone Mountebank takes of every `is`.
 */
export async function applyBehaviors(
  behaviors: Behavior[],
  request: MbRequest,
  response: IsResponse,
  deps: BehaviorDeps,
): Promise<BehaviorsResult> {
  if (behaviors.length === 0) return { response, waitMs: 0 };
  let current = JSON.parse(JSON.stringify(response)) as IsResponse;
  let waitMs = 0;
  for (const behavior of behaviors) {
    for (const key of Object.keys(behavior)) {
      if (key === "wait" && behavior.wait !== undefined) {
        waitMs += await waitMilliseconds(behavior.wait, deps);
      } else if (key === "copy" && behavior.copy) {
        current = copy(request, current, behavior.copy);
      } else if (key === "lookup" && behavior.lookup) {
        current = await lookup(request, current, behavior.lookup, deps);
      } else if (key === "decorate" && behavior.decorate !== undefined) {
        current = await decorate(request, current, behavior.decorate, deps);
      } else if (key === "shellTransform" && behavior.shellTransform !== undefined) {
        refuseShellTransform(behavior.shellTransform);
      }
    }
  }
  return { response: current, waitMs };
}
