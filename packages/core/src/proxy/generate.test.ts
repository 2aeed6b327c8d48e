import { describe, expect, it } from "vitest";
import type { MbRequest } from "../schemas/request.ts";
import { generatePredicates, type PredicateGenerator } from "./generate.ts";

const request: MbRequest = {
  requestFrom: "127.0.0.1:1",
  method: "POST",
  path: "/orders",
  query: { q: "1", page: "2" },
  headers: { accept: "text/plain", "x-id": "7" },
  body: '{"order":{"id":42,"items":[1,2]}}',
  ip: "127.0.0.1",
};

// Expected values read from mb 2.9.1's responseResolver.predicatesFor for the same generators.
const cases: Array<[string, PredicateGenerator[], unknown[]]> = [
  ["no generators", [], []],
  ["true gives deepEquals", [{ matches: { path: true } }], [{ deepEquals: { path: "/orders" } }]],
  [
    "each matches key its own predicate",
    [{ matches: { method: true, path: true } }],
    [{ deepEquals: { method: "POST" } }, { deepEquals: { path: "/orders" } }],
  ],
  [
    "a nested object gives equals",
    [{ matches: { query: { q: true } } }],
    [{ equals: { query: { q: "1" } } }],
  ],
  [
    "options are carried",
    [{ matches: { path: true }, caseSensitive: true, except: "\\d+" }],
    [{ caseSensitive: true, except: "\\d+", deepEquals: { path: "/orders" } }],
  ],
  [
    "jsonpath selects before storing",
    [{ matches: { body: true }, jsonpath: { selector: "$.order.id" } }],
    [{ jsonpath: { selector: "$.order.id" }, deepEquals: { body: 42 } }],
  ],
  [
    "jsonpath with several nodes keeps the array",
    [{ matches: { body: true }, jsonpath: { selector: "$..items[*]" } }],
    [{ jsonpath: { selector: "$..items[*]" }, deepEquals: { body: [1, 2] } }],
  ],
  [
    "jsonpath without a match stores ''",
    [{ matches: { body: true }, jsonpath: { selector: "$.nothing" } }],
    [{ jsonpath: { selector: "$.nothing" }, deepEquals: { body: "" } }],
  ],
  [
    "ignore removes keys before deepEquals",
    [{ matches: { query: true }, ignore: { query: "page" } }],
    [{ deepEquals: { query: { q: "1" } } }],
  ],
  [
    "ignore with a list",
    [{ matches: { headers: true }, ignore: { headers: ["accept", "x-id"] } }],
    [{ deepEquals: { headers: {} } }],
  ],
  // The platform's request headers are lower-cased; mb's keep the client's case, which sends the spelling
  // its docs use. A generator's header name is found in any case and kept as the generator spells it.
  [
    "a header named in another case is found, and saved as the generator names it",
    [{ matches: { headers: { "X-Id": true } } }],
    [{ equals: { headers: { "X-Id": "7" } } }],
  ],
  [
    "with caseSensitive, a header is saved as the request spells it, the one spelling that matches here",
    [{ matches: { headers: { "X-Id": true } }, caseSensitive: true }],
    [{ caseSensitive: true, equals: { headers: { "x-id": "7" } } }],
  ],
  [
    "ignore names headers in any case",
    [{ matches: { headers: true }, ignore: { headers: ["Accept"] } }],
    [{ deepEquals: { headers: { "x-id": "7" } } }],
  ],
  [
    "ignore with one header name in another case",
    [{ matches: { headers: true }, ignore: { headers: "X-ID" } }],
    [{ deepEquals: { headers: { accept: "text/plain" } } }],
  ],
  [
    "ignore also hides the key from later generators (mb mutates its copy)",
    [{ matches: { query: true }, ignore: { query: "page" } }, { matches: { query: true } }],
    [{ deepEquals: { query: { q: "1" } } }, { deepEquals: { query: { q: "1" } } }],
  ],
  [
    "predicateOperator other than exists stores the whole request",
    [{ matches: { path: true }, predicateOperator: "equals" }],
    [{ equals: request }],
  ],
];

describe("generatePredicates", () => {
  it.each(cases)("%s", async (_name, generators, expected) => {
    expect(await generatePredicates(request, generators)).toEqual(expected);
  });

  it("selects with xpath", async () => {
    const xml = { ...request, body: "<a><b>x</b><b>y</b></a>" };
    const generators = [{ matches: { body: true }, xpath: { selector: "//b" } }];
    expect(await generatePredicates(xml, generators)).toEqual([
      { xpath: { selector: "//b" }, deepEquals: { body: ["x", "y"] } },
    ]);
  });

  it("runs inject generators through the seam and keeps their order", async () => {
    const inject = async (source: string, req: MbRequest) => [{ equals: { path: `${req.path}${source}` } }];
    const generators = [{ inject: "!" }, { matches: { method: true } }];
    expect(await generatePredicates(request, generators, inject)).toEqual([
      { equals: { path: "/orders!" } },
      { deepEquals: { method: "POST" } },
    ]);
  });

  it("fails an inject generator with mb's error when nothing can run it", async () => {
    await expect(generatePredicates(request, [{ inject: "f" }])).rejects.toMatchObject({
      errors: [{ code: "invalid injection", message: "invalid predicateGenerator injection" }],
    });
  });

  it("leaves the caller's request alone", async () => {
    const copy = structuredClone(request);
    await generatePredicates(copy, [{ matches: { query: true }, ignore: { query: "q" } }]);
    expect(copy).toEqual(request);
  });
});
