import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { MbFailure } from "../errors.ts";
import type { PredicateInjector } from "../predicates/types.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { compileImposter } from "./compile-imposter.ts";

const base = testRequest();
const view = (fields: Partial<MbRequest>) => createRequestView({ ...base, ...fields });
const imposter = (...sets: Predicate[][]) => ({
  stubs: sets.map((predicates) => ({ predicates, responses: [] })),
});
const filler = (count: number): Predicate[][] =>
  Array.from({ length: count }, (_, i) => [{ equals: { path: `/filler/${i}` } }]);

describe("compileImposter", () => {
  it.each([
    0, 1, 31, 32, 300, 1010, 1023, 1024, 1999,
  ])("finds a lone constrained stub at position %i of 2,000", (at) => {
    const sets = filler(2000);
    sets[at] = [{ equals: { path: "/wanted" } }];
    const compiled = compileImposter(imposter(...sets));
    expect(compiled.match(view({ path: "/WANTED" }))).toBe(at);
    expect(compiled.match(view({ path: "/other" }))).toBe(-1);
  });

  it("keeps first-match order when several stubs qualify", () => {
    const compiled = compileImposter(
      imposter(
        [{ equals: { method: "POST" } }],
        [{ startsWith: { path: "/api" } }],
        [{ equals: { path: "/api/x" } }],
        [],
      ),
    );
    expect(compiled.match(view({ path: "/api/x" }))).toBe(1);
    expect(compiled.match(view({ path: "/api/x", method: "post" }))).toBe(0);
    expect(compiled.match(view({ path: "/other" }))).toBe(3);
  });

  // Mountebank evaluates a stub's predicates with `every`: after a false one, a later inject never runs.
  it("runs an inject only on stubs the linear scan would reach it in", async () => {
    const calls: string[] = [];
    const inject: PredicateInjector = (source) => {
      calls.push(source);
      return Promise.resolve(source === "yes");
    };
    const compiled = compileImposter(
      imposter(
        [{ equals: { path: "/a" } }, { inject: "skipped" }],
        [{ inject: "no" }, { equals: { path: "/b" } }],
        [{ equals: { path: "/b" } }, { inject: "yes" }],
      ),
    );
    expect(await compiled.match(view({ path: "/b" }), inject)).toBe(2);
    expect(calls).toEqual(["no", "yes"]);
  });

  it("answers synchronously when no inject runs, and throws where the linear scan throws", () => {
    const compiled = compileImposter(
      imposter(
        [{ equals: { path: "/a" } }, { inject: "x" }],
        [{ equals: { path: "/c" } }, { matches: { path: "[" } }],
        [{ equals: {} }],
      ),
    );
    expect(compiled.match(view({ path: "/b" }))).toBe(2);
    expect(() => compiled.match(view({ path: "/c" }))).toThrow(/Invalid regular expression/);
    expect(() => compiled.matchLinear(view({ path: "/c" }))).toThrow(/Invalid regular expression/);
  });

  it("answers from an earlier stub even when a later stub's field cannot be read", () => {
    const compiled = compileImposter(
      imposter([{ equals: { path: "/a" } }], [{ equals: { body: { a: 1 } } }]),
    );
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    expect(compiled.matchLinear(view({ path: "/a", body: deep }))).toBe(0);
    expect(compiled.match(view({ path: "/a", body: deep }))).toBe(0);
  });

  it("flags stubs that run user code anywhere in their predicate tree", () => {
    const compiled = compileImposter(
      imposter(
        [{ equals: { path: "/a" } }],
        [{ or: [{ not: { inject: "f" } }] }],
        [{ and: [{ inject: "g" }] }],
      ),
    );
    expect(compiled.stubs.map((s) => s.hasInject)).toEqual([false, true, true]);
  });

  it("stays out of the way in binary mode, where values are base64 first", () => {
    const compiled = compileImposter(imposter([{ equals: { body: "aGk=" } }]), { encoding: "base64" });
    expect(compiled.index.dimensions).toHaveLength(0);
  });

  it("matches nothing without stubs", () => {
    const compiled = compileImposter({ stubs: [] });
    expect(compiled.match(view({}))).toBe(-1);
    expect(compiled.matchLinear(view({}))).toBe(-1);
  });
});

describe("errors that depend on the document", () => {
  it("never hides an XPath error that only some bodies raise behind a later indexed predicate", () => {
    const stub = {
      predicates: [{ equals: { body: "1" }, xpath: { selector: "//b[foo()]" } }, { equals: { path: "/y" } }],
      responses: [{ is: {} }],
    };
    const compiled = compileImposter({ stubs: [stub] });
    const request = {
      requestFrom: "",
      method: "GET",
      path: "/x",
      query: {},
      headers: {},
      body: "<b>1</b>",
      ip: "",
    };
    const outcome = (match: typeof compiled.match) => {
      try {
        return match(createRequestView(request));
      } catch (error) {
        return error instanceof MbFailure ? error.errors[0]?.message : "other error";
      }
    };
    expect(outcome(compiled.matchLinear)).toBe("malformed xpath predicate selector");
    expect(outcome(compiled.match)).toBe("malformed xpath predicate selector");
  });
});
