import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexedStubPredicates, stubPredicates } from "../../test/compiler/arbitraries.ts";
import { request } from "../../test/compiler/vocabulary.ts";
import { compileImposter } from "../compiler/compile-imposter.ts";
import { evaluatePredicate } from "../predicates/compile.ts";
import type { PredicateInjector } from "../predicates/types.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { explainRequest } from "./explain.ts";

/** The arbitraries' inject sources: "true"/"false", their async forms, and "throw". */
const inject: PredicateInjector = (source) => {
  if (source === "throw") throw new Error("boom");
  if (source.startsWith("async-")) return Promise.resolve(source === "async-true");
  return source === "true";
};

const settle = async <T>(run: () => T | Promise<T>): Promise<T | string> => {
  try {
    return await run();
  } catch (error) {
    return `throw:${error instanceof Error ? error.message : String(error)}`;
  }
};

describe("explainRequest agrees with the real matcher", () => {
  const seen = { requests: 0, matched: 0, misses: 0 };

  async function agree(sets: Predicate[][], requests: MbRequest[]): Promise<void> {
    const imposter = { stubs: sets.map((predicates) => ({ predicates, responses: [] })) };
    const compiled = compileImposter(imposter);
    for (const req of requests) {
      const matched = await settle(() => compiled.match(createRequestView(req), inject));
      const explained = await settle(() => explainRequest(imposter, req, { inject }));
      seen.requests++;
      if (typeof matched === "string" || typeof explained === "string") {
        // An error while matching is the same error while explaining.
        expect(explained).toEqual(matched);
        continue;
      }
      expect(explained.stubIndex ?? -1).toBe(matched);
      if (matched >= 0) seen.matched++;
      for (const miss of explained.nearMisses) {
        seen.misses++;
        // A near miss is a stub matching looked at before answering, and its reported predicate fails.
        if (matched >= 0) expect(miss.stubIndex).toBeLessThan(matched);
        const predicates = sets[miss.stubIndex]!;
        expect(miss.predicate).toBe(predicates[miss.predicateIndex]);
        expect(await evaluatePredicate(miss.predicate, req, { inject })).toBe(false);
        for (const earlier of predicates.slice(0, miss.predicateIndex)) {
          expect(await evaluatePredicate(earlier, req, { inject })).toBe(true);
        }
      }
    }
  }

  it("on random stub sets and requests: the stub index, and each near miss's first failing predicate", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(stubPredicates, indexedStubPredicates), { minLength: 1, maxLength: 10 }),
        fc.array(request, { minLength: 1, maxLength: 10 }),
        agree,
      ),
      { numRuns: 300 },
    );
    expect(seen.matched).toBeGreaterThan(seen.requests / 10);
    expect(seen.misses).toBeGreaterThan(seen.requests);
  });
});
