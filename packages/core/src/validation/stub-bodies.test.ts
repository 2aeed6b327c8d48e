import { describe, expect, it } from "vitest";
import {
  parseStubIndex,
  validateAddStubBody,
  validateImpostersBody,
  validateNewStub,
  validateStubsBody,
} from "./stub-bodies.ts";

const plain = { allowInjection: false };
const stub = { responses: [{ is: { body: "ok" } }] };

// The mb-visible messages are checked against mb 2.9.1 in mb-compat.test.ts; these are the rest.
describe("stub bodies", () => {
  it.each([
    ["0", 3, 0],
    ["2", 3, 2],
    ["3", 3, undefined],
    ["0", 0, undefined],
    ["+1", 3, undefined],
    ["1e0", 3, undefined],
    ["", 3, undefined],
  ])("parses stubIndex %j of %i stubs as %s", (param, count, expected) => {
    const result = parseStubIndex(param, count);
    expect(result.ok ? result.value : undefined).toBe(expected);
  });

  it("inserts at the end by default and hands back the upcast stub", () => {
    const body = { stub: { responses: [{ is: {}, _behaviors: { wait: 1 } }] } };
    expect(validateAddStubBody(body, 4, plain)).toEqual({
      ok: true,
      value: { index: 4, stub: { responses: [{ is: {}, behaviors: [{ wait: 1 }] }] } },
    });
    expect(body.stub.responses[0]).toHaveProperty("_behaviors");
  });

  it("applies the stub count limit to every way of adding stubs", () => {
    const options = { ...plain, limits: { maxStubs: 2 } };
    expect(validateAddStubBody({ stub }, 2, options)).toMatchObject({ errors: [{ code: "limit exceeded" }] });
    expect(validateAddStubBody({ stub }, 1, options).ok).toBe(true);
    expect(validateStubsBody({ stubs: [stub, stub, stub] }, options)).toMatchObject({
      errors: [{ code: "limit exceeded", data: { limit: "maxStubs", actual: 3 } }],
    });
  });

  it("labels a stub body's schema errors by where the stub sits", () => {
    const bad = { responses: [{ is: { _mode: 1 } }] };
    expect(validateNewStub(bad, plain)).toMatchObject({
      errors: [{ message: expect.stringMatching(/^invalid value for 'stub\.responses\[0\]\.is\._mode'/) }],
    });
    expect(validateStubsBody({ stubs: [stub, bad] }, plain)).toMatchObject({
      errors: [{ message: expect.stringMatching(/^invalid value for 'stubs\[1\]\.responses/) }],
    });
  });

  it("gates injection in a stub body too, nested predicates included", () => {
    const nested = { predicates: [{ or: [{ inject: "() => true" }] }], responses: stub.responses };
    expect(validateNewStub(nested, plain)).toMatchObject({ errors: [{ code: "invalid injection" }] });
    expect(validateNewStub(nested, { allowInjection: true }).ok).toBe(true);
  });

  it("refuses two imposters on one port before anything is replaced", () => {
    const body = {
      imposters: [
        { protocol: "http", port: 4545 },
        { protocol: "http" },
        { protocol: "https", port: "4545" },
      ],
    };
    expect(validateImpostersBody(body, plain)).toEqual({
      ok: false,
      errors: [{ code: "bad data", message: "more than one imposter uses port 4545" }],
    });
  });

  it("validates every imposter of PUT /imposters with the same options", () => {
    const body = { imposters: [{ protocol: "http", stubs: [{ responses: [{ inject: "x" }] }] }] };
    expect(validateImpostersBody(body, plain)).toMatchObject({ errors: [{ code: "invalid injection" }] });
    expect(validateImpostersBody(body, { allowInjection: true })).toMatchObject({
      ok: true,
      value: [{ protocol: "http", stubs: [{ responses: [{ inject: "x" }] }] }],
    });
  });
});
