import { describe, expect, it } from "vitest";
import { regexSources } from "./regex-sources.ts";

describe("regexSources", () => {
  it("finds every string that becomes a regular expression, and nothing else", () => {
    const stub = {
      predicates: [
        { matches: { path: "^/a", query: { q: ["x+", "y+"] }, body: { deep: { er: "z" } } }, except: "\\d" },
        { or: [{ not: { matches: { method: "GET|POST" } } }] },
        { equals: { path: "not a regex" }, jsonpath: { selector: "$.a" } },
      ],
      responses: [
        {
          is: { body: "not a regex" },
          behaviors: [
            { copy: { from: "path", into: "X", using: { method: "regex", selector: "c+" } } },
            { copy: { from: "body", into: "Y", using: { method: "jsonpath", selector: "$.j" } } },
            { lookup: { key: { from: "path", using: { method: "regex", selector: "l+" } } } },
          ],
        },
        { proxy: { to: "http://x", predicateGenerators: [{ matches: { path: true }, except: "g+" }] } },
      ],
    };
    expect(regexSources(stub).sort()).toEqual(
      ["\\d", "^/a", "c+", "g+", "l+", "GET|POST", "x+", "y+", "z"].sort(),
    );
  });

  it("survives shapes the validator has not checked yet", () => {
    expect(regexSources({ predicates: {}, responses: [null, { behaviors: {} }, { proxy: "x" }] })).toEqual(
      [],
    );
    expect(regexSources(null)).toEqual([]);
  });
});
