import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { MbFailure } from "../errors.ts";
import { createRequestView } from "../request/view.ts";
import { PREDICATE_OPERATORS, type Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { compilePredicate, evaluatePredicate, OPERATORS } from "./compile.ts";

const mb = createRequire(import.meta.url)("mountebank/src/models/predicates.js") as {
  evaluate(predicate: unknown, request: unknown, encoding: string, logger: unknown, state: unknown): unknown;
};
const logger = { warn() {} };
const request: MbRequest = {
  requestFrom: "",
  method: "GET",
  path: "/a",
  query: {},
  headers: { "X-A": "<a><b>1</b></a>" },
  body: "",
  ip: "",
};

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    const failure = error as {
      code?: string;
      message?: string;
      errors?: Array<{ code: string; message: string }>;
    };
    const first = failure.errors?.[0] ?? failure;
    return `${first.code}: ${first.message}`;
  }
}

describe("compilePredicate", () => {
  it("has a compiler for every operator", () => {
    expect(Object.keys(OPERATORS).sort()).toEqual([...PREDICATE_OPERATORS].sort());
  });

  it.each<[string, Predicate, unknown]>([
    ["the first operator key wins, in key order", { exists: { path: false }, equals: { path: "/a" } }, false],
    ["parameters before the operator are fine", { caseSensitive: true, equals: { path: "/A" } }, false],
    ["no operator", { caseSensitive: true }, "bad data: missing predicate"],
    ["unknown keys only", { equal: { path: "/a" } }, "bad data: missing predicate"],
    ["invalid except, even with no string compared", { equals: { query: {} }, except: "[" }, "native"],
    ["selector in binary mode", { equals: { body: "x" }, jsonpath: { selector: "$" } }, "binary"],
    [
      "malformed xpath",
      { equals: { query: {} }, xpath: { selector: "//[" } },
      "bad data: malformed xpath predicate selector",
    ],
    // An unbound prefix only fails on text with elements; Mountebank runs the selector on every field.
    [
      "unbound prefix, XML in another field",
      { exists: { body: false }, xpath: { selector: "//q:b" } },
      "bad data: malformed xpath predicate selector",
    ],
  ])("%s", (_name, predicate, expected) => {
    const encoding = expected === "binary" ? "base64" : "utf8";
    const theirs = outcome(() => mb.evaluate(predicate, structuredClone(request), encoding, logger, {}));
    const ours = outcome(() => evaluatePredicate(predicate, request, { encoding }));
    if (expected === "native") {
      expect(theirs).toBe("undefined: Invalid regular expression: /[/gi: Unterminated character class");
      expect(ours).toBe("bad data: Invalid regular expression: /[/gi: Unterminated character class");
    } else if (expected === "binary") {
      expect(ours).toBe("bad data: the jsonpath predicate parameter is not allowed in binary mode");
      expect(theirs).toBe(ours);
    } else {
      expect(ours).toBe(expected);
      expect(theirs).toBe(expected);
    }
  });

  it("reports missing predicate with the predicate as its source, when evaluated", () => {
    const compiled = compilePredicate({ caseSensitive: true });
    try {
      compiled(undefined as never);
      expect.unreachable();
    } catch (error) {
      expect((error as MbFailure).errors).toEqual([
        { code: "bad data", message: "missing predicate", source: { caseSensitive: true } },
      ]);
    }
  });

  it("does not see later changes to the predicate object", () => {
    const predicate: Predicate = { equals: { path: "/a" } };
    const compiled = compilePredicate(predicate);
    (predicate.equals as Record<string, unknown>).path = "/b";
    expect(compiled(createRequestView(request))).toBe(true);
    expect(evaluatePredicate(predicate, request)).toBe(false);
  });
});
