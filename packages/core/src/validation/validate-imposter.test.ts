import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ImposterDraftSchema } from "../schemas/imposter.ts";
import { validateImposter } from "./validate-imposter.ts";

const plain = { allowInjection: false };
const stub = (path: string) => ({ predicates: [{ equals: { path } }], responses: [{ is: { body: path } }] });

/** Imposter-shaped JSON built from Mountebank's own vocabulary, so that random inputs go deep. */
const mbLike = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 4 },
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom(
        ...[
          "protocol",
          "port",
          "stubs",
          "responses",
          "predicates",
          "is",
          "proxy",
          "inject",
          "fault",
          "repeat",
        ],
        ...[
          "behaviors",
          "_behaviors",
          "wait",
          "copy",
          "lookup",
          "decorate",
          "shellTransform",
          "from",
          "into",
        ],
        ...["using", "method", "selector", "equals", "matches", "not", "or", "and", "except", "to", "key"],
      ),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
})).value;

describe("validateImposter", () => {
  it("never throws, and whatever it accepts fits the schema", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), mbLike), fc.boolean(), (input, allowInjection) => {
        const result = validateImposter(input, { allowInjection });
        if (result.ok) expect(ImposterDraftSchema.safeParse(result.value).success).toBe(true);
        else for (const error of result.errors) expect(typeof error.message).toBe("string");
      }),
      { numRuns: 2_000 },
    );
  });

  it("never changes its input", () => {
    fc.assert(
      fc.property(mbLike, (input) => {
        const before = JSON.stringify(input);
        validateImposter(
          { protocol: "http", stubs: [{ responses: [{ is: {}, _behaviors: input }] }] },
          plain,
        );
        validateImposter(input, plain);
        expect(JSON.stringify(input)).toBe(before);
      }),
    );
  });

  it("answers a private, upcast copy with a numeric port, in the user's key order", () => {
    const input = {
      stubs: [{ responses: [{ _behaviors: { wait: 5 }, is: { body: "x", statusCode: 201 } }] }],
      port: "4903",
      protocol: "http",
      name: "n",
    };
    const result = validateImposter(input, plain);
    expect(result).toEqual({
      ok: true,
      value: {
        stubs: [{ responses: [{ is: { body: "x", statusCode: 201 }, behaviors: [{ wait: 5 }] }] }],
        port: 4903,
        protocol: "http",
        name: "n",
      },
    });
    expect(result.ok && Object.keys(result.value)).toEqual(["stubs", "port", "protocol", "name"]);
    expect(result.ok && result.value.stubs[0]).not.toBe(input.stubs[0]);
  });

  // mb reads a port with Number(): spaces around the digits are fine, a dot, hex or an empty string are not.
  it.each([
    ["9974 ", 9974],
    [" 9974", 9974],
    ["09973", 9973],
    ["9972.0", "invalid"],
    ["0x50", "invalid"],
    [" ", "invalid"],
  ])("reads the port %j as mb does", (port, expected) => {
    const result = validateImposter({ protocol: "http", port }, plain);
    if (expected === "invalid") expect(result).toMatchObject({ ok: false });
    else expect(result).toMatchObject({ ok: true, value: { port: expected } });
  });

  it("drops what mb prints about a running imposter, as mb ignores it on the way in", () => {
    const printed = {
      protocol: "http",
      port: 2618,
      numberOfRequests: 7,
      requests: [{ path: "/x" }],
      _links: { self: { href: "http://localhost:2525/imposters/2618" } },
      stubs: [
        { responses: [{ is: {} }], _links: { self: { href: "/imposters/2618/stubs/0" } }, matches: [] },
      ],
    };
    expect(validateImposter(printed, plain)).toEqual({
      ok: true,
      value: { protocol: "http", port: 2618, stubs: [{ responses: [{ is: {} }], matches: [] }] },
    });
  });

  it.each([["yes"], [1], [null]])("refuses a strict flag of %j with bad data, a boolean only", (strict) => {
    const result = validateImposter({ protocol: "http", port: 4545, strict }, plain);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ code: "bad data" });
    const accepted = validateImposter({ protocol: "http", port: 4545, strict: true }, plain);
    expect(accepted.ok && accepted.value.strict).toBe(true);
  });

  it("leaves the port out when none is given, and gives an empty stubs list", () => {
    expect(validateImposter({ protocol: "https" }, plain)).toEqual({
      ok: true,
      value: { protocol: "https", stubs: [] },
    });
  });

  it.each([[undefined], [null], ["x"], [5], [[]]])("asks for a protocol when the body is %j", (body) => {
    expect(validateImposter(body, plain)).toEqual({
      ok: false,
      errors: [{ code: "bad data", message: "'protocol' is a required field" }],
    });
  });

  it("accepts 20,000 stubs and refuses one more", () => {
    const stubs = Array.from({ length: 20_000 }, (_, i) => stub(`/p${i}`));
    const started = performance.now();
    expect(validateImposter({ protocol: "http", stubs }, plain).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
    const refused = validateImposter({ protocol: "http", stubs: [...stubs, stub("/x")] }, plain);
    expect(refused).toMatchObject({
      ok: false,
      errors: [{ code: "limit exceeded", data: { limit: "maxStubs" } }],
    });
  });

  it("applies the limits it is given", () => {
    const input = { protocol: "http", stubs: [stub("/a"), stub("/b")] };
    expect(validateImposter(input, { ...plain, limits: { maxStubs: 1 } })).toMatchObject({
      errors: [{ data: { limit: "maxStubs", max: 1, actual: 2 } }],
    });
    expect(validateImposter(input, { ...plain, limits: { maxImposterBytes: 50 } })).toMatchObject({
      errors: [{ data: { limit: "maxImposterBytes", max: 50 } }],
    });
  });

  it("refuses nesting too deep to store, and deep predicates with a limit error", () => {
    let node: Record<string, unknown> = { equals: { path: "/" } };
    for (let i = 0; i < 40; i++) node = { not: node };
    const deep = validateImposter(
      { protocol: "http", stubs: [{ predicates: [node], responses: [{ is: {} }] }] },
      plain,
    );
    expect(deep).toMatchObject({
      errors: [{ code: "limit exceeded", data: { limit: "maxPredicateDepth", actual: 41 } }],
    });
    for (let i = 0; i < 100_000; i++) node = { not: node };
    const tooDeep = validateImposter(
      { protocol: "http", stubs: [{ predicates: [node], responses: [{ is: {} }] }] },
      plain,
    );
    expect(tooDeep).toMatchObject({ errors: [{ code: "bad data" }] });
  });
});
