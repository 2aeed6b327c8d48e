import { describe, expect, it } from "vitest";
import type { Result } from "../errors.ts";
import { MAX_DEFINITION_DEPTH } from "./private-copy.ts";
import {
  validateAddStubBody,
  validateImpostersBody,
  validateNewStub,
  validateStubsBody,
} from "./stub-bodies.ts";
import { validateImposter } from "./validate-imposter.ts";

const plain = { allowInjection: false };
const nested = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));

/** A stub whose `is.body` makes the whole imposter `depth` levels deep (imposter, stubs, stub,
 * responses, response and `is` take six). */
const deepStub = (depth: number) => ({ responses: [{ is: { body: nested(depth - 6) } }] });

// Every admin route that takes a definition, each counting depth from the imposter the stub lands in.
const ROUTES: Array<[string, (depth: number) => Result<unknown>]> = [
  ["POST /imposters", (d) => validateImposter({ protocol: "http", stubs: [deepStub(d)] }, plain)],
  [
    "PUT /imposters",
    (d) => validateImpostersBody({ imposters: [{ protocol: "http", stubs: [deepStub(d)] }] }, plain),
  ],
  ["PUT /imposters/:id/stubs", (d) => validateStubsBody({ stubs: [deepStub(d)] }, plain)],
  ["POST /imposters/:id/stubs", (d) => validateAddStubBody({ stub: deepStub(d) }, 0, plain)],
  ["PUT /imposters/:id/stubs/:i", (d) => validateNewStub(deepStub(d), plain)],
];

describe("a definition nested too deeply to walk", () => {
  it.each(ROUTES)("%s takes one at the limit and refuses one level more", (_route, validate) => {
    expect(validate(MAX_DEFINITION_DEPTH).ok).toBe(true);
    expect(validate(MAX_DEFINITION_DEPTH + 1)).toEqual({
      ok: false,
      errors: [
        {
          code: "bad data",
          message: `an imposter may be nested at most ${MAX_DEFINITION_DEPTH} levels deep; this one is deeper`,
        },
      ],
    });
  });

  // Each was an overflow somewhere (a 500, or mb's stack message as `bad data`) before the limit.
  it.each([
    ["a response body", { protocol: "http", stubs: [{ responses: [{ is: { body: nested(200_000) } }] }] }],
    [
      "a predicate value",
      { protocol: "http", stubs: [{ predicates: [{ equals: { body: nested(200_000) } }] }] },
    ],
    ["an unknown stub field", { protocol: "http", stubs: [{ responses: [], x: nested(200_000) }] }],
    ["an unknown imposter field", { protocol: "http", x: nested(200_000) }],
  ])("refuses %s nested 200,000 levels deep with a clear error", (_name, imposter) => {
    expect(validateImposter(imposter, plain)).toMatchObject({
      ok: false,
      errors: [{ code: "bad data", message: expect.stringContaining("levels deep") }],
    });
  });
});
