import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  indexedOrStubPredicates,
  indexedStubPredicates,
  stubPredicates,
} from "../../test/compiler/arbitraries.ts";
import { request } from "../../test/compiler/vocabulary.ts";
import { compilePredicate } from "../predicates/compile.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { Candidates } from "./candidates.ts";
import { evaluateStub } from "./evaluate-stub.ts";
import { RequestScan } from "./request-scan.ts";
import { RouteIndex } from "./route-index.ts";

function drain(candidates: Candidates, scan: RequestScan): number[] {
  const out: number[] = [];
  if (!candidates.start(scan)) return out;
  for (let p = candidates.next(); p >= 0; p = candidates.next()) out.push(p);
  candidates.finish();
  return out;
}

/** What evaluating a stub alone does: its answer, or that it threw or ran user code. */
function alone(predicates: Predicate[], req: Parameters<typeof createRequestView>[0]): string {
  const compiled = predicates.map((p) => compilePredicate(p));
  let injected = false;
  try {
    const result = evaluateStub(compiled, createRequestView(req), () => {
      injected = true;
      return false;
    });
    return injected ? "ran user code" : String(result);
  } catch {
    return "threw";
  }
}

describe("stage 1 candidates", () => {
  // The guarantee behind the index: a stub left out of the candidates evaluates to false, without
  // throwing and without running user code. Checked with dimensions materialized and with every
  // dimension but the first probed word by word; both must give the same candidates.
  it("leave out only stubs that evaluate to plain false", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(stubPredicates, indexedStubPredicates, indexedOrStubPredicates), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.array(request, { minLength: 1, maxLength: 10 }),
        fc.nat(2000),
        (sample, requests, offset) => {
          // Padding with copies moves stubs across words and summary words.
          const sets = [...Array.from({ length: offset }, (_, i) => sample[i % sample.length]!), ...sample];
          const index = new RouteIndex(sets);
          for (const req of requests) {
            const scan = () => new RequestScan(createRequestView(req));
            const dense = drain(index.fresh(), scan());
            expect(drain(index.fresh(-1e9), scan())).toEqual(dense);
            const kept = new Set(dense);
            sample.forEach((predicates, i) => {
              if (!kept.has(offset + i)) expect(alone(predicates, req)).toBe("false");
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
