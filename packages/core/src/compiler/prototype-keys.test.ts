import { describe, expect, it, vi } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { createRequestView } from "../request/view.ts";
import { compileImposter } from "./compile-imposter.ts";
import { mayReplacePrototype } from "./prototype-keys.ts";

describe("mayReplacePrototype", () => {
  it.each([
    ['{"a":1}', false],
    ["not json at all", false],
    ['{"name":"caf\\u00e9"}', false],
    ["\\u not json", false],
    ['{"id":{"__proto__":[]}}', true],
    ['{"__PROTO__":{"a":1}}', true],
    ['{"a":[{"\\u005f_proto__":1}]}', true],
    ['{"a":{"\\U005F_PROTO__":1}}', true],
    ['"just __proto__ in a string"', true],
    ['{"__proto__":0}', true],
    ['{"__proto__":}', false],
  ])("%s: %s", (body, expected) => {
    expect(mayReplacePrototype(createRequestView(testRequest({ body })))).toBe(expected);
  });

  it("finds no key in a tree too deep for the core, which reads that body as text", () => {
    const deep = `${"[".repeat(200_000)}{"\\u005f_proto__":1}${"]".repeat(200_000)}`;
    expect(mayReplacePrototype(createRequestView(testRequest({ body: deep })))).toBe(false);
  });

  it("parses an escaped body once for itself and the default fold's predicates", () => {
    const compiled = compileImposter({
      stubs: [{ predicates: [{ equals: { body: { name: "café" } } }], responses: [] }],
    });
    const parse = vi.spyOn(JSON, "parse");
    try {
      const view = createRequestView(testRequest({ body: '{"name":"caf\\u00e9"}' }));
      expect(compiled.match(view)).toBe(0);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe("the route index on a body whose folded tree has a replaced prototype", () => {
  it("throws where the ordered evaluation throws, instead of ruling the stub out by another field", () => {
    // fast-check's counterexample (seed -436491777): the body equals reads `id` first and throws on its
    // prototype-replaced object; the header the index keyed the stub by would have ruled it out.
    const compiled = compileImposter({
      stubs: [
        {
          predicates: [
            {
              or: [
                {
                  and: [
                    { equals: { body: { ID: "1", name: "BOB" } } },
                    { startsWith: { headers: { "X-Tenant": "a" } } },
                  ],
                },
              ],
            },
          ],
          responses: [],
        },
      ],
    });
    const body = JSON.stringify({
      id: JSON.parse('{"__proto__":[],"length":{"__proto__":null}}'),
      user: "x",
    });
    const request = testRequest({ body });
    const run = (how: "match" | "matchLinear") => () => compiled[how](createRequestView(request));
    expect(run("matchLinear")).toThrow("Cannot convert object to primitive value");
    expect(run("match")).toThrow("Cannot convert object to primitive value");
  });
});
