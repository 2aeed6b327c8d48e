import { describe, expect, it } from "vitest";
import { regexFindings, shadowFindings } from "./warnings.ts";

const stub = (...predicates: unknown[]) => ({ predicates, responses: [{ is: {} }] });
const GET = { equals: { method: "GET" } };
const PATH = { equals: { path: "/a" } };

describe("shadowFindings", () => {
  it.each([
    ["distinct predicates", [stub(GET), stub(PATH)], []],
    ["a catch-all last", [stub(GET), stub()], []],
    [
      "a catch-all first",
      [stub(), stub(GET)],
      ["stub 0 has no predicates (a catch-all) but is not last", "stub 1 is never reached: stub 0"],
    ],
    ["a subset first", [stub(GET), stub(PATH, GET)], ["stub 1 is never reached: stub 0"]],
    ["a superset first", [stub(PATH, GET), stub(GET)], []],
    ["an injected predicate first", [stub({ inject: "() => true" }), stub({ inject: "() => true" })], []],
  ])("%s", (_name, stubs, expected) => {
    const messages = shadowFindings(stubs).map((finding) => finding.message);
    expect(messages).toEqual(expected.map((text) => expect.stringContaining(text)));
  });
});

describe("regexFindings", () => {
  it.each([
    ["^/items/[a-z]+$", undefined],
    // Disjoint alternatives under a quantifier take the linear engine but are no risk under mb either.
    ["(a|b)+c", undefined],
    ["^/(a+)+$", "risks catastrophic backtracking in Mountebank"],
    ["^/(\\w*)*x$", "quantify once"],
    ["^(a|aa)+$", "repeats alternatives that can start alike"],
  ])("/%s/", (pattern, expected) => {
    const findings = regexFindings([stub({ matches: { path: pattern } })]);
    if (expected === undefined) expect(findings).toEqual([]);
    else expect(findings[0]?.message).toContain(expected);
  });
});
