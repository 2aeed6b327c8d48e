import { type CompiledStub, compileImposter, containsInject } from "../compiler/compile-imposter.ts";
import { createRequestView } from "../request/view.ts";
import type { Imposter } from "../schemas/imposter.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { describePredicate } from "./describe.ts";
import type { ExplainContext, ExplainOptions, Explanation, NearMiss } from "./types.ts";

const NEAR_MISSES = 5;

interface Verdict {
  stubIndex: number;
  definitions: readonly Predicate[];
  /** The first predicate that fails, as Mountebank's `every` stops there; undefined when the stub matches. */
  failing: number | undefined;
  /** How many of the stub's predicates hold, the first failing one's successors included. */
  satisfied: number;
}

/**
 * Which stub answers `request` and why the closest earlier stubs do not: the near-miss view. Stubs are
 * judged in order with the core's compiled predicates, exactly as far as Mountebank would go (an error
 * it would raise while matching is raised here too); stubs after the answering one are never judged,
 * since Mountebank never looks at them. Off the hot path: it compiles the imposter on every call.
 */
export async function explainRequest(
  imposter: Pick<Imposter, "stubs">,
  request: MbRequest,
  options: ExplainOptions = {},
): Promise<Explanation> {
  const encoding = options.encoding ?? "utf8";
  const ctx: ExplainContext = { view: createRequestView(request), inject: options.inject, encoding };
  const misses: Verdict[] = [];
  let stubIndex: number | null = null;
  for (const stub of compileImposter(imposter, { encoding }).stubs) {
    const verdict = await judge(stub, ctx);
    if (verdict.failing === undefined) {
      stubIndex = stub.index;
      break;
    }
    misses.push(verdict);
  }
  misses.sort((a, b) => b.satisfied - a.satisfied || a.stubIndex - b.stubIndex);
  const nearMisses: NearMiss[] = [];
  for (const miss of misses.slice(0, options.limit ?? NEAR_MISSES)) {
    const predicateIndex = miss.failing ?? 0;
    const predicate = miss.definitions[predicateIndex] ?? {};
    const described = await describePredicate(predicate, ctx, true);
    nearMisses.push({ stubIndex: miss.stubIndex, predicateIndex, ...described });
  }
  return { stubIndex, nearMisses };
}

/**
 * Up to the first failure, predicates run as matching runs them (errors propagate). After it, the rest
 * are only counted, for ranking: one that throws counts as failing, and one that would run user code is
 * not run at all (Mountebank never would) and counts as failing.
 */
async function judge(stub: CompiledStub, ctx: ExplainContext): Promise<Verdict> {
  const definitions = stub.stub.predicates ?? [];
  let failing: number | undefined;
  let satisfied = 0;
  for (const [position, predicate] of stub.predicates.entries()) {
    if (failing === undefined) {
      if (await predicate(ctx.view, ctx.inject)) satisfied++;
      else failing = position;
      continue;
    }
    const definition = definitions[position];
    if (definition === undefined || containsInject(definition)) continue;
    try {
      if (await predicate(ctx.view, ctx.inject)) satisfied++;
    } catch {
      // Counted as failing: Mountebank would have stopped before it.
    }
  }
  return { stubIndex: stub.index, definitions, failing, satisfied };
}
