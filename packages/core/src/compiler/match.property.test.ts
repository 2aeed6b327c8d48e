import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import {
  indexedOrStubPredicates,
  indexedStubPredicates,
  stubPredicates,
} from "../../test/compiler/arbitraries.ts";
import { attributeBody, attributeStub } from "../../test/compiler/attribute-bodies.ts";
import { edits, nearBody, nestedBodyExpectation } from "../../test/compiler/nested-bodies.ts";
import { request } from "../../test/compiler/vocabulary.ts";
import type { PredicateInjector } from "../predicates/types.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { type CompiledImposter, compileImposter } from "./compile-imposter.ts";

/** Everything observable about one match: the answer (or error), whether it was async, the injects run. */
interface Outcome {
  answer: number | string;
  async: boolean;
  injected: string[];
}

function injector(log: string[]): PredicateInjector {
  return (source) => {
    log.push(source);
    if (source === "throw") throw new Error("boom");
    if (source.startsWith("async-")) return Promise.resolve(source === "async-true");
    return source === "true";
  };
}

async function outcome(
  compiled: CompiledImposter,
  how: "match" | "matchLinear",
  req: MbRequest,
): Promise<Outcome> {
  const injected: string[] = [];
  const describeError = (error: unknown) => `throw:${error instanceof Error ? error.message : String(error)}`;
  try {
    const result = compiled[how](createRequestView(req), injector(injected));
    if (typeof result === "number") return { answer: result, async: false, injected };
    return { answer: await result.catch(describeError), async: true, injected };
  } catch (error) {
    return { answer: describeError(error), async: false, injected };
  }
}

const stubsOf = (sets: Predicate[][]) => sets.map((predicates) => ({ predicates, responses: [] }));

describe("match (route index) agrees with matchLinear (the oracle)", () => {
  const seen = { requests: 0, matched: 0, errors: 0, async: 0 };

  async function agree(sets: Predicate[][], requests: MbRequest[]): Promise<void> {
    const compiled = compileImposter({ stubs: stubsOf(sets) });
    for (const req of requests) {
      const expected = await outcome(compiled, "matchLinear", req);
      expect(await outcome(compiled, "match", req)).toEqual(expected);
      seen.requests++;
      if (typeof expected.answer === "number" && expected.answer >= 0) seen.matched++;
      if (typeof expected.answer === "string") seen.errors++;
      if (expected.async) seen.async++;
    }
  }

  it("on thousands of random stub sets and requests", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(stubPredicates, indexedStubPredicates, indexedOrStubPredicates), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(request, { minLength: 1, maxLength: 25 }),
        agree,
      ),
      { numRuns: 2000 },
    );
    // The vocabularies must overlap enough for the comparison to mean something.
    expect(seen.matched).toBeGreaterThan(seen.requests / 5);
    expect(seen.errors).toBeGreaterThan(0);
    expect(seen.async).toBeGreaterThan(0);
  });

  it("across bit-set summary words (over 1,024 stubs)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(indexedStubPredicates, stubPredicates, indexedOrStubPredicates), {
          minLength: 20,
          maxLength: 60,
        }),
        fc.array(request, { minLength: 20, maxLength: 40 }),
        fc.integer({ min: 1000, max: 1400 }),
        async (sample, requests, size) => {
          // Stubs that cannot match (sharing a method, so that dimension is large and gets probed rather
          // than materialized), with the sample spread through them, so candidates and answers
          // land in many different words and summary words.
          const stubs: Predicate[][] = Array.from({ length: size }, (_, i) => [
            { equals: { method: "GET", path: `/filler/${i}` } },
          ]);
          sample.forEach((predicates, i) => {
            stubs[Math.floor(((i + 1) * size) / (sample.length + 1))] = predicates;
          });
          await agree(stubs, requests);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("on nested JSON bodies edited from the stubs' expectations (the bodyPath dimension)", async () => {
    const before = { ...seen };
    await fc.assert(
      fc.asyncProperty(
        fc.array(nestedBodyExpectation, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), edits), { minLength: 1, maxLength: 10 }),
        async (bodies, picks) => {
          const requests = picks.map(([i, choices]) =>
            testRequest({ method: "POST", body: nearBody(bodies[i % bodies.length], choices) }),
          );
          await agree(
            bodies.map((body) => [{ equals: { body } }]),
            requests,
          );
        },
      ),
      { numRuns: 1500 },
    );
    expect(seen.matched - before.matched).toBeGreaterThan((seen.requests - before.requests) / 5);
  });

  it("on XML bodies against exists of //element[@attribute='value'] (the xpathAttribute dimension)", async () => {
    const before = { ...seen };
    await fc.assert(
      fc.asyncProperty(
        fc.array(attributeStub, { minLength: 1, maxLength: 8 }),
        fc.array(attributeBody, { minLength: 1, maxLength: 10 }),
        async (stubs, bodies) => {
          await agree(
            stubs,
            bodies.map((body) => testRequest({ method: "POST", body })),
          );
        },
      ),
      { numRuns: 1000 },
    );
    expect(seen.matched - before.matched).toBeGreaterThan((seen.requests - before.requests) / 5);
  });

  it("when the same compiled imposter serves interleaved asynchronous requests", async () => {
    const compiled = compileImposter({
      stubs: stubsOf([
        [{ equals: { path: "/a" } }, { inject: "async-false" }],
        [{ startsWith: { path: "/a" } }],
        [{ equals: { path: "/b" } }],
      ]),
    });
    const log: string[] = [];
    const view = (path: string) => createRequestView({ ...baseRequest, path });
    const first = compiled.match(view("/a"), injector(log));
    // Taken while the first request is suspended on its inject: its scratch space must not be shared.
    expect(compiled.match(view("/b"), injector(log))).toBe(2);
    expect(compiled.match(view("/a/x"), injector(log))).toBe(1);
    expect(await first).toBe(1);
    expect(log).toEqual(["async-false"]);
  });
});

const baseRequest = testRequest();
