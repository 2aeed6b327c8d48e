import { describe, expect, it } from "vitest";
import { upcast, upcastStub } from "./upcast.ts";

const lookup = {
  key: { from: "path", using: { method: "regex", selector: "." } },
  fromDataSource: { csv: { path: "x.csv", keyColumn: "k" } },
  into: "$ROW",
};
const copy = { from: "path", into: "X", using: { method: "regex", selector: "." } };

// Each pair was POSTed to mb 2.9.1 and read back from its answer (stubs[0].responses[0]).
describe("upcast", () => {
  it.each([
    [
      "orders legacy keys wait, lookup, copy, shellTransform, decorate and lifts repeat",
      { is: {}, _behaviors: { decorate: "d", shellTransform: "s", copy, lookup, wait: 5, repeat: 2 } },
      {
        is: {},
        repeat: 2,
        behaviors: [{ wait: 5 }, { lookup }, { copy }, { shellTransform: "s" }, { decorate: "d" }],
      },
    ],
    [
      "splits array values into one behavior each",
      { is: {}, _behaviors: { shellTransform: ["a", "b"], wait: [1, 2], copy: [copy] } },
      {
        is: {},
        behaviors: [{ wait: 1 }, { wait: 2 }, { copy }, { shellTransform: "a" }, { shellTransform: "b" }],
      },
    ],
    [
      "drops unknown legacy keys but keeps a string repeat",
      { is: {}, _behaviors: { foo: 5, repeat: "2" } },
      { is: {}, repeat: "2", behaviors: [] },
    ],
    [
      "treats an array _behaviors as an empty object",
      { is: {}, _behaviors: [{ wait: 5 }] },
      { is: {}, behaviors: [] },
    ],
    [
      "leaves _behaviors alone when repeat is already set",
      { is: {}, repeat: 3, _behaviors: { wait: 5 } },
      { is: {}, repeat: 3, _behaviors: { wait: 5 } },
    ],
    [
      "leaves _behaviors alone when behaviors is already set",
      { is: {}, behaviors: [], _behaviors: { wait: 5 } },
      { is: {}, behaviors: [], _behaviors: { wait: 5 } },
    ],
    ["leaves a non-object _behaviors alone", { is: {}, _behaviors: "x" }, { is: {}, _behaviors: "x" }],
  ])("%s", (_name, response, expected) => {
    const result = upcast({ protocol: "http", stubs: [{ responses: [response] }] });
    expect(result).toEqual({ protocol: "http", stubs: [{ responses: [expected] }] });
  });

  it("never mutates its input", () => {
    const input = {
      protocol: "http",
      stubs: [{ responses: [{ is: {}, _behaviors: { wait: 1, repeat: 2 } }] }],
    };
    const snapshot = structuredClone(input);
    const result = upcast(input);
    expect(input).toEqual(snapshot);
    expect(result).not.toBe(input);
  });

  it.each([
    ["stubs is an object", { protocol: "http", stubs: {} }],
    ["a stub is null", { protocol: "http", stubs: [null] }],
    ["responses is an object", { protocol: "http", stubs: [{ responses: {} }] }],
    ["a response is null", { protocol: "http", stubs: [{ responses: [null, "x"] }] }],
    ["the imposter is not an object", "imposter"],
  ])("passes shapes that crash mb through unchanged (%s)", (_name, input) => {
    expect(upcast(input)).toEqual(input);
  });

  it("upcasts a lone stub for the stub endpoints", () => {
    expect(upcastStub({ responses: [{ is: {}, _behaviors: { wait: 1 } }] })).toEqual({
      responses: [{ is: {}, behaviors: [{ wait: 1 }] }],
    });
  });
});
