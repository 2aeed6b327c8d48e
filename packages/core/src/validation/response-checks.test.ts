import { describe, expect, it } from "vitest";
import { proxyError, REPEAT_MESSAGE, repeatError, responseTypeError } from "./response-checks.ts";

// The messages mb shares are checked against mb 2.9.1 in mb-compat.test.ts.
describe("response checks", () => {
  it.each([
    [1, true],
    ["02", true],
    [Number.MAX_SAFE_INTEGER, true],
    [2 ** 53, false],
    ["9007199254740993", false],
    [1.5, false],
    ["2x", false],
    ["", false],
    [" 2", false],
  ])("repeat %j is valid: %s", (repeat, valid) => {
    const response = { is: {}, repeat };
    expect(repeatError(response)).toEqual(
      valid ? undefined : { code: "bad data", message: REPEAT_MESSAGE, source: response },
    );
  });

  it.each([
    [{ is: {} }, undefined],
    [{ inject: "x", fault: "" }, undefined],
    [{ is: {}, proxy: 1 }, "each response object must have only one response type"],
    [{ proxy: {}, inject: "x", fault: "f" }, "each response object must have only one response type"],
    [{ is: 0 }, "unrecognized response type"],
    [[], "unrecognized response type"],
  ])("response %j: %s", (response, message) => {
    expect(responseTypeError(response)?.message).toBe(message);
  });

  it.each([
    [{ to: "http://h:1" }, undefined],
    [{ to: "https://h/" }, undefined],
    [{ to: "http://h/a?b" }, "proxy.to must not contain a path '/a'"],
    [{ to: "HTTP://h" }, undefined],
    [{ to: "ws://h" }, "proxy.to must be an http or https URL, not 'ws:'"],
    [{ to: "http://h", predicateGenerators: [{ inject: "x" }, { matches: {} }] }, undefined],
    [
      { to: "http://h", predicateGenerators: [{ matches: true }] },
      "each predicateGenerator must have a 'matches' object or an 'inject'",
    ],
  ])("proxy %j: %s", (proxy, message) => {
    const stub = { responses: [{ proxy }] };
    const error = proxyError({ proxy }, stub);
    expect(error?.message).toBe(message);
    if (error) expect(error.source).toBe(JSON.stringify(stub));
  });
});
