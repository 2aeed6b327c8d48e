import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluatePredicate } from "./compile.ts";

// Differential test: random predicates and requests, evaluated by Mountebank's own predicates.js and by
// ours. They must agree, except where Mountebank crashes with a native TypeError/SyntaxError: there we
// answer a boolean or a `bad data` failure (the deliberate deviations listed in the report).
const mb = createRequire(import.meta.url)("mountebank/src/models/predicates.js") as {
  evaluate(predicate: unknown, request: unknown, encoding: string, logger: unknown, state: unknown): unknown;
};
const logger = { warn() {}, error() {}, info() {}, debug() {} };

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    const failure = error as {
      code?: string;
      message?: string;
      errors?: Array<{ code: string; message: string }>;
    };
    const first = failure.errors?.[0] ?? (failure.code ? failure : undefined);
    return first ? `${first.code}: ${first.message}` : "native crash";
  }
}

// Space-separated vocabularies keep the generators short; "x y" and "" are added by hand.
const TEXT = ["", "x y", ..."a A ab 1 /a /A GET é É null true 5 \\d+ ^/a$ [".split(" ")];
const BODIES = [
  '{"a":1}',
  '{"A":"B","c":[1,2]}',
  '[{"id":1},{"id":2}]',
  '{"a":null}',
  '{"a":[["x"]]}',
  '"s"',
];
const MORE = ['{"items":[{"id":1},{"id":2}],"Name":"Bob"}', '{"a":{"b":[3,1,2]}}', "[[1,2],[3]]", "YWJj"];
const XML = [
  "<a><b>1</b><B>2</B></a>",
  '<r xmlns:p="urn:x"><p:v>T</p:v><b>2</b><b>1</b></r>',
  '<r><b id="1">x</b><b id="2"><c/></b><B ID="1">y</B></r>',
];
const text = fc.constantFrom(...TEXT, ...BODIES, ...MORE, ...XML);
const key = fc.constantFrom("a", "A", "b", "c", "id", "k", "0", "length", "path", "query", "body", "method");
const leaf = fc.oneof(text, fc.constantFrom(1, 0, true, false, null, 2));
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(key, tie("v"), { maxKeys: 3 }),
  ),
})).v;
const FIELDS = "path PATH query Query body headers method form requestFrom ip nope".split(" ");
const fields = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 3 });
const operator = fc.constantFrom(
  ..."equals deepEquals contains startsWith endsWith matches exists".split(" "),
);
const params = fc.record(
  {
    caseSensitive: fc.constantFrom(true, false),
    keyCaseSensitive: fc.constantFrom(true, false),
    except: fc.constantFrom("\\d+", "A", "[", ""),
    jsonpath: fc.constantFrom(
      ...["$.a", "$.A", "$..id", "$.c", "$.items[*].id", "$..b"].map((selector) => ({ selector })),
    ),
    xpath: fc.constantFrom(
      ...["//b", "//B", "count(//b)", "//[", "boolean(//b)", "string(//b)"].map((selector) => ({ selector })),
      ...["//b[@id='1']", '//r/b[@id="2"]', "//B[@ID='1']", "//b[@id=1]"].map((selector) => ({ selector })),
      { selector: "//p:v", ns: { p: "urn:x" } },
      { selector: "//P:v", ns: { P: "URN:X" } },
    ),
  },
  { requiredKeys: [] },
);
const comparison = fc
  .tuple(operator, fields, params, fc.boolean(), fc.option(fields, { nil: undefined }))
  .map(([name, expected, options, optionsFirst, exists]) => ({
    ...(optionsFirst ? options : {}),
    [name]: expected,
    ...(optionsFirst ? {} : options),
    ...(exists && name !== "exists" ? { exists } : {}),
  }));
const predicate: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  p: fc.oneof(
    { depthSize: "small" },
    comparison,
    comparison,
    fc.record({ not: tie("p") }),
    fc.record({ or: fc.array(tie("p"), { maxLength: 3 }) }),
    fc.record({ and: fc.array(tie("p"), { maxLength: 3 }) }),
    fc.constant({ caseSensitive: true }),
  ),
})).p;
const fieldMap = fc.dictionary(
  fc.constantFrom("a", "A", "k", "X-Dup", "x-dup"),
  fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 })),
  { maxKeys: 3 },
);
const request = fc.record(
  {
    requestFrom: fc.constantFrom("1.2.3.4:5", ""),
    method: fc.constantFrom("GET", "post"),
    path: text,
    query: fieldMap,
    headers: fieldMap,
    body: text,
    ip: fc.constant("1.2.3.4"),
    form: fieldMap,
  },
  { requiredKeys: ["requestFrom", "method", "path", "query", "headers", "body", "ip"] },
);

describe("predicates against Mountebank's predicates.js", () => {
  it("agree on random predicates and requests", () => {
    fc.assert(
      fc.property(predicate, request, fc.constantFrom("utf8", "utf8", "base64"), (p, r, encoding) => {
        const theirs = outcome(() => mb.evaluate(p, structuredClone(r), encoding, logger, {}));
        const ours = outcome(() => evaluatePredicate(p as never, r, { encoding: encoding as "utf8" }));
        if (theirs === "native crash") {
          expect(typeof ours === "boolean" || String(ours).startsWith("bad data")).toBe(true);
        } else {
          expect(ours).toEqual(theirs);
        }
      }),
      { numRuns: 3000, seed: 20260701 },
    );
  });
});
