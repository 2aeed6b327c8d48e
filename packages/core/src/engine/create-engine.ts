import { compileImposter } from "../compiler/index.ts";
import { createRequestView } from "../request/view.ts";
import { applyCors } from "../responses/cors.ts";
import { expandRepeats, nextResponse } from "../responses/cycle.ts";
import { NO_MATCH_RESPONSE } from "../responses/no-match.ts";
import { precompileResponse } from "../responses/precompile.ts";
import { resolveResponse } from "../responses/resolve.ts";
import type { Imposter } from "../schemas/imposter.ts";
import type { MbRequest, ResponseDescription } from "../schemas/request.ts";
import type { StubResponse } from "../schemas/response.ts";
import { expandTemplates } from "../templates/expand.ts";
import { isStatefulStub } from "./stateful.ts";
import type { EngineDeps, EngineResult, ImposterEngine, ImposterState } from "./types.ts";

interface StubPlan {
  /** Response positions in cycle order, each `repeat` times. */
  cycle: number[];
  /** Final descriptions of the responses that need no per-request work, by response position. */
  ready: Array<ResponseDescription | undefined>;
  stateful: boolean;
}

function planStub(imposter: Imposter, index: number): StubPlan {
  const stub = imposter.stubs[index]!;
  const cycle = expandRepeats(stub.responses);
  return {
    cycle,
    ready: stub.responses.map((response) => precompileResponse(response, imposter.defaultResponse)),
    stateful: isStatefulStub(stub, cycle.length),
  };
}

/** Compiles an imposter once; the result serves any number of requests. */
export function createEngine(definition: Imposter): ImposterEngine {
  const imposter = expandTemplates(definition);
  const compiled = compileImposter(imposter);
  const plans = imposter.stubs.map((_, index) => planStub(imposter, index));
  const noMatch = precompileResponse(NO_MATCH_RESPONSE, imposter.defaultResponse);

  async function answer(
    stubIndex: number,
    responseIndex: number,
    request: MbRequest,
    deps: EngineDeps,
  ): Promise<EngineResult> {
    const plan = plans[stubIndex];
    const response: StubResponse =
      (plan && imposter.stubs[stubIndex]?.responses[responseIndex]) || NO_MATCH_RESPONSE;
    const ready = plan ? plan.ready[responseIndex] : noMatch;
    if (ready) {
      return { stubIndex, response: imposter.allowCORS ? applyCors(ready, request) : ready };
    }
    const resolved = await resolveResponse(response, request, {
      defaultResponse: imposter.defaultResponse,
      allowCORS: imposter.allowCORS,
      deps,
    });
    return { stubIndex, response: resolved };
  }

  const match = (request: MbRequest, deps: EngineDeps = {}) =>
    compiled.match(createRequestView(request), deps.injectPredicate);

  return {
    imposter,
    match,
    isStateful: (stubIndex) => imposter.recordRequests === true || (plans[stubIndex]?.stateful ?? false),
    resolve: (stubIndex, request, deps = {}) =>
      answer(stubIndex, plans[stubIndex]?.cycle[0] ?? -1, request, deps),
    async respond(request: MbRequest, state: ImposterState, deps: EngineDeps = {}) {
      state.numberOfRequests += 1;
      if (imposter.recordRequests) {
        state.requests.push({ ...request, timestamp: (deps.now?.() ?? new Date()).toJSON() });
      }
      const stubIndex = await match(request, deps);
      state.matched = stubIndex;
      const plan = plans[stubIndex];
      if (!plan) return answer(-1, -1, request, deps);
      const step = nextResponse(plan.cycle, state.cursors[stubIndex] ?? 0);
      state.cursors[stubIndex] = step.cursor;
      return answer(stubIndex, step.responseIndex, request, deps);
    },
  };
}
