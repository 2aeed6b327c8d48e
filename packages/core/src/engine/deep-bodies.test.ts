import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { evaluatePredicate } from "../predicates/compile.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { MAX_BODY_DEPTH } from "../select/depth.ts";
import { createEngine } from "./create-engine.ts";
import { emptyState } from "./types.ts";

// Hostile bodies (issue 15, part 3): nesting far deeper than any stack used to make every walk over the
// parsed body overflow (a 500). Mountebank's tryJSON keeps a text its walks cannot handle as text, so
// past MAX_BODY_DEPTH a JSON body is text here, and an XML body holds no node.
const HOSTILE = 200_000;
const arrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const elements = (depth: number) => "<a>".repeat(depth) + "</a>".repeat(depth);

const request = (body: string) => testRequest({ method: "POST", body });

// [predicate, body, whether it holds]: the answer for the body as text (or an XML body without nodes).
const CASES: Array<[string, Predicate, string, boolean]> = [
  ["equals an object, deep arrays", { equals: { body: { a: 1 } } }, arrays(HOSTILE), false],
  ["equals an object, deep objects", { equals: { body: { a: { a: 1 } } } }, objects(HOSTILE), false],
  ["deepEquals an object, deep arrays", { deepEquals: { body: { a: 1 } } }, arrays(HOSTILE), false],
  ["deepEquals an object, deep objects", { deepEquals: { body: { a: 1 } } }, objects(HOSTILE), false],
  ["contains an object", { contains: { body: { a: "1" } } }, arrays(HOSTILE), false],
  ["contains text of the body", { contains: { body: "[[[[" } }, arrays(HOSTILE), true],
  ["matches an object", { matches: { body: { a: "1" } } }, objects(HOSTILE), false],
  ["matches the text", { matches: { body: "^\\[\\[" } }, arrays(HOSTILE), true],
  ["exists a field", { exists: { body: { a: true } } }, objects(HOSTILE), false],
  ["exists a field, deep arrays", { exists: { body: { a: true } } }, arrays(HOSTILE), false],
  ["exists the body", { exists: { body: true } }, arrays(HOSTILE), true],
  [
    "jsonpath descendants",
    { equals: { body: "1" }, jsonpath: { selector: "$..a" } },
    objects(HOSTILE),
    false,
  ],
  [
    "jsonpath by index",
    { exists: { body: true }, jsonpath: { selector: "$[0][0]" } },
    arrays(HOSTILE),
    false,
  ],
  [
    "jsonpath plain names",
    { exists: { body: true }, jsonpath: { selector: "$.a.a" } },
    objects(HOSTILE),
    false,
  ],
  ["xpath descendants", { exists: { body: true }, xpath: { selector: "//a" } }, elements(HOSTILE), false],
  ["xpath absent", { exists: { body: false }, xpath: { selector: "//a" } }, elements(HOSTILE), true],
  ["xpath count", { equals: { body: "1" }, xpath: { selector: "count(//a)" } }, elements(HOSTILE), false],
  ["xpath path", { exists: { body: true }, xpath: { selector: "/a/a" } }, elements(HOSTILE), false],
  // At the limit, the body is still a tree.
  ["exists a field at the limit", { exists: { body: { a: true } } }, objects(MAX_BODY_DEPTH), true],
  [
    "deepEquals at the limit",
    { deepEquals: { body: JSON.parse(arrays(MAX_BODY_DEPTH)) } },
    arrays(MAX_BODY_DEPTH),
    true,
  ],
  [
    "jsonpath at the limit",
    { exists: { body: true }, jsonpath: { selector: "$..a" } },
    objects(MAX_BODY_DEPTH),
    true,
  ],
  [
    "xpath at the limit",
    { equals: { body: `${MAX_BODY_DEPTH}` }, xpath: { selector: "count(//a)" } },
    elements(MAX_BODY_DEPTH),
    true,
  ],
  [
    "xpath plain path at the limit",
    { exists: { body: true }, xpath: { selector: "//a" } },
    elements(MAX_BODY_DEPTH),
    true,
  ],
  [
    "xpath with text at the limit",
    { equals: { body: "x" }, xpath: { selector: "//a[not(a)]" } },
    elements(MAX_BODY_DEPTH).replace("<a></a>", "<a>x</a>"),
    true,
  ],
  [
    "xpath plain path with text at the limit",
    { equals: { body: "x" }, xpath: { selector: "//a" } },
    elements(MAX_BODY_DEPTH).replace("<a></a>", "<a>x</a>"),
    true,
  ],
  [
    "xpath just past the limit",
    { exists: { body: true }, xpath: { selector: "//a" } },
    elements(MAX_BODY_DEPTH + 1),
    false,
  ],
];

describe("a body nested deeper than any stack", () => {
  it.each(CASES)("%s: the predicate answers, no stack overflow", async (_name, predicate, body, holds) => {
    expect(await evaluatePredicate(predicate, request(body))).toBe(holds);
  });

  it.each(
    CASES,
  )("%s: the imposter answers with the next stub when it does not hold", async (_name, predicate, body, holds) => {
    const engine = createEngine({
      protocol: "http",
      port: 4545,
      stubs: [
        { predicates: [predicate], responses: [{ is: { body: "first" } }] },
        { responses: [{ is: { body: "next" } }] },
      ],
    });
    const answer = await engine.respond(request(body), emptyState());
    expect(answer.stubIndex).toBe(holds ? 0 : 1);
  });
});
