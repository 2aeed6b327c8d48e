import type { MbCase } from "./types.ts";
import { OK_RESPONSE, withStubs } from "./types.ts";

const stub = (predicates: unknown) => ({ predicates, responses: [OK_RESPONSE] });
const one = (name: string, predicates: unknown, extra: Partial<MbCase> = {}) =>
  withStubs(name, [stub(predicates)], extra);

/** What mb's dry run finds in predicates. */
export const PREDICATE_CASES: MbCase[] = [
  one(
    "predicates as an object",
    {},
    {
      ours: [
        { code: "bad data", message: "'predicates' must be an array", source: JSON.stringify(stub({})) },
      ],
    },
  ),
  one("an empty predicate", [{}]),
  one("a string predicate", ["equals"]),
  one("a null predicate", [null], {
    mbCrashes: true,
    ours: [{ code: "bad data", message: "missing predicate", source: null }],
  }),
  one("an empty not", [{ not: {} }]),
  one("an empty predicate in and", [{ and: [{ equals: { path: "/" } }, {}] }]),
  one("or as an object", [{ or: {} }], {
    ours: [
      {
        message:
          "invalid value for 'stubs[0].predicates[0].or': Invalid input: expected array, received object",
      },
    ],
  }),
  one("equals a string", [{ equals: "x" }], {
    ours: [
      {
        message:
          "invalid value for 'stubs[0].predicates[0].equals': Invalid input: expected record, received string",
      },
    ],
  }),
  one("every operator", [
    { equals: { path: "/" } },
    { deepEquals: { query: {} } },
    { contains: { body: "a" } },
    { startsWith: { path: "/" } },
    { endsWith: { path: "/" } },
    { matches: { path: "^/a$" }, caseSensitive: true },
    { exists: { query: { q: false } } },
    { not: { equals: { method: "POST" } } },
    { or: [{ equals: { path: "/" } }, { equals: { path: "/b" } }] },
    { and: [{ equals: { path: "/" } }] },
    { equals: { body: "x" }, jsonpath: { selector: "$.a" } },
    { equals: { body: "x" }, xpath: { selector: "//a", ns: { x: "urn:x" } } },
    { equals: { path: "/a" }, except: "\\d+" },
  ]),
  one("a malformed xpath", [{ equals: { body: "x" }, xpath: { selector: "//[" } }]),
  // mb answers these with a 400 that has only `source` (its RegExp's SyntaxError has no code).
  one("a malformed regex", [{ matches: { path: "(" } }], {
    ours: [
      { code: "bad data", message: "Invalid regular expression: /(/i: Unterminated group", source: "(" },
    ],
  }),
  one("a malformed except", [{ equals: { path: "x" }, except: "(" }], {
    ours: [
      { code: "bad data", message: "Invalid regular expression: /(/gi: Unterminated group", source: "(" },
    ],
  }),
  one(
    "a malformed regex behind a satisfied or",
    [{ or: [{ equals: { path: "/" } }, { matches: { path: "[" } }] }],
    // mb's test request satisfies the first branch and never compiles the second.
    {
      ours: [{ code: "bad data", message: "Invalid regular expression: /[/i: Unterminated character class" }],
    },
  ),
  // Found by the evaluator or, where it does not reach the pattern, by compiling every pattern.
  one("a malformed regex on a field the test request lacks", [{ matches: { body: { a: "(" } } }], {
    ours: [{ code: "bad data", source: "(" }],
  }),
];
