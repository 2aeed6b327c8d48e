import { describe, expect, it } from "vitest";
import { createRequestView } from "../request/view.ts";
import type { MbRequest } from "../schemas/request.ts";
import { compilePredicate } from "./compile.ts";
import { DEFAULT_FOLD, foldOf } from "./fold.ts";
import { actualSide, normalizeExpected, transformTree } from "./normalize.ts";
import type { RequestView } from "./types.ts";

const request = (fields: Partial<MbRequest>): MbRequest => ({
  requestFrom: "1.2.3.4:5",
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  body: "",
  ip: "1.2.3.4",
  ...fields,
});

/** A view that counts how often each text is parsed. */
function countingView(req: MbRequest): { view: RequestView; parses: Map<string, number> } {
  const view = createRequestView(req);
  const parses = new Map<string, number>();
  const parse = view.parseJson;
  view.parseJson = (text) => {
    parses.set(text, (parses.get(text) ?? 0) + 1);
    return parse.call(view, text);
  };
  return { view, parses };
}

describe("transformTree", () => {
  it("folds keys (the last of two equal folded keys wins) and sorts arrays", () => {
    const folded = transformTree(
      { B: ["y", "x"], b: 1 },
      (k) => k.toLowerCase(),
      (s) => s.toUpperCase(),
      true,
    );
    expect(folded).toEqual({ b: 1 });
    // An object sorts as "[object Object]", before lower-case letters, as in Mountebank.
    expect(normalizeExpected({ K: ["b", "A", { Z: "c" }] }, DEFAULT_FOLD)).toEqual({
      k: [{ z: "c" }, "a", "b"],
    });
  });
});

describe("actualSide", () => {
  it("finds top-level fields by folded name and folds them", () => {
    const side = actualSide(DEFAULT_FOLD, undefined, false);
    const view = createRequestView(request({ requestFrom: "HOST:1", headers: { "X-A": "V" } }));
    expect(side.field(view, "requestfrom")).toBe("host:1");
    expect(side.field(view, "requestFrom")).toBeUndefined();
    expect(side.field(view, "headers")).toEqual({ "x-a": "v" });
  });

  it("finds fields on requests whose field names differ from the previous request's", () => {
    const side = actualSide(DEFAULT_FOLD, undefined, false);
    const plain = request({ path: "/a" });
    const extra = { ...plain, PATH: "/B" } as MbRequest;
    expect(side.field(createRequestView(plain), "path")).toBe("/a");
    expect(side.field(createRequestView(extra), "path")).toBe("/b"); // the last of two that fold alike
    expect(side.field(createRequestView(plain), "path")).toBe("/a");
  });

  it("is one side for every predicate with the same options, and another for other options", () => {
    const caseSensitive = foldOf({ caseSensitive: true });
    const selector = { kind: "jsonpath", selector: "$.shared" } as const;
    expect(actualSide(DEFAULT_FOLD, selector, false)).toBe(actualSide(DEFAULT_FOLD, { ...selector }, false));
    expect(actualSide(caseSensitive, selector, false)).not.toBe(actualSide(DEFAULT_FOLD, selector, false));
    expect(actualSide(DEFAULT_FOLD, selector, true)).not.toBe(actualSide(DEFAULT_FOLD, selector, false));
  });

  it("keeps a bounded number of sides: past it, each predicate's is its own and still answers", () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ kind: "jsonpath", selector: `$.k${i}` }) as const);
    for (const selector of many) actualSide(DEFAULT_FOLD, selector, false);
    const last = many.at(-1)!;
    const side = actualSide(DEFAULT_FOLD, last, false);
    expect(side).not.toBe(actualSide(DEFAULT_FOLD, last, false));
    const view = createRequestView(request({ body: '{"k299":"Found"}' }));
    expect(side.field(view, "body")).toBe("found");
  });

  it("selects from every string of the field", () => {
    const side = actualSide(DEFAULT_FOLD, { kind: "jsonpath", selector: "$.a" }, false);
    const view = createRequestView(request({ query: { q: '{"a":1}', r: ["x", '{"a":[2,1]}'] } }));
    expect(side.field(view, "query")).toEqual({ q: 1, r: [[1, 2], undefined] });
  });

  it("parses a body once however many predicates read it", () => {
    const { view, parses } = countingView(request({ body: '{"Name":"Bob","Items":[{"id":1}]}' }));
    const predicates = [
      { equals: { body: { name: "bob" } } },
      { contains: { body: { name: "o" } } },
      { equals: { body: { items: { id: 1 } } } },
      { equals: { body: "bob" }, jsonpath: { selector: "$.name" } },
      { deepEquals: { body: { name: "bob", items: [{ id: 1 }] } } },
    ];
    for (const predicate of predicates) expect(compilePredicate(predicate)(view)).toBe(true);
    expect([...parses.values()]).toEqual([1]);
  });

  it("parses each distinct folded text once (case-sensitive predicates read the raw body)", () => {
    const { view, parses } = countingView(request({ body: '{"A":1}' }));
    compilePredicate({ equals: { body: { a: 1 } } })(view);
    compilePredicate({ equals: { body: { A: 1 } }, caseSensitive: true })(view);
    compilePredicate({ equals: { body: { A: 1 } }, caseSensitive: true })(view);
    expect(Object.fromEntries(parses)).toEqual({ '{"a":1}': 1, '{"A":1}': 1 });
  });

  it("never lets one predicate's sorting reach another through the cache", () => {
    const view = createRequestView(request({ body: '{"a":[3,1,2]}' }));
    const wholeArray = compilePredicate({
      deepEquals: { body: ["1", "2", "3"] },
      jsonpath: { selector: "$.a" },
    });
    const firstItem = compilePredicate({ equals: { body: 3 }, jsonpath: { selector: "$.a[0]" } });
    expect(wholeArray(view)).toBe(true);
    expect(firstItem(view)).toBe(true);
  });

  it("shares folded fields between predicates with the same options", () => {
    const a = actualSide(foldOf({ except: "x" }), undefined, false);
    const b = actualSide(foldOf({ except: "x" }), undefined, false);
    const c = actualSide(foldOf({ except: "y" }), undefined, false);
    expect(a.id).toBe(b.id);
    expect(a.id).not.toBe(c.id);
  });
});
