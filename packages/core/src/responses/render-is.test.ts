// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Mountebank tokens such as "${T}" are literal text here.
import { describe, expect, it } from "vitest";
import { MbFailure } from "../errors.ts";
import type { IsResponse } from "../schemas/response.ts";
import { renderIs, toStatusCode } from "./render-is.ts";

const text = (body: string | Uint8Array) => (typeof body === "string" ? body : [...body]);

// Each case was answered by mb 2.9.1 (imposters on 46211 and 46214); `Connection` and `Date` left out.
describe("renderIs", () => {
  const defaults: IsResponse = {
    statusCode: 404,
    headers: { "X-Def": "d", "content-length": "1" },
    body: "default body",
  };

  it.each<[string, IsResponse | undefined, number, Record<string, unknown>, string | number[]]>([
    [
      "no stub response: all defaults",
      undefined,
      404,
      { "X-Def": "d", "content-length": "12" },
      "default body",
    ],
    [
      "stub headers replace default headers",
      { headers: { "X-Stub": "s" } },
      404,
      { "X-Stub": "s" },
      "default body",
    ],
    ["empty stub headers still replace", { headers: {} }, 404, {}, "default body"],
    [
      "falsy body and status take the default",
      { body: 0, statusCode: 0 },
      404,
      { "X-Def": "d", "content-length": "12" },
      "default body",
    ],
    [
      "empty string body takes the default",
      { body: "" },
      404,
      { "X-Def": "d", "content-length": "12" },
      "default body",
    ],
    [
      "object body as 4-space JSON, Content-Length in bytes, any case",
      { statusCode: "201", body: { a: [1, { b: "é" }] }, headers: { "CONTENT-LENGTH": "3" } },
      201,
      { "CONTENT-LENGTH": "73" },
      '{\n    "a": [\n        1,\n        {\n            "b": "é"\n        }\n    ]\n}',
    ],
    [
      "binary strips non-base64 characters then decodes",
      { body: "aGVs\nbG8=!!", _mode: "binary", headers: { "Content-Length": 0 } },
      404,
      { "Content-Length": "5" },
      [104, 101, 108, 108, 111],
    ],
    [
      "binary object body is stringified first",
      { body: { a: 1 }, _mode: "binary", headers: {} },
      404,
      {},
      [107],
    ],
    [
      "non-string header values are stringified, arrays kept",
      { body: 123, headers: { "X-Num": 5, "X-Arr": ["a", "b"], "X-N": null, "X-B": true } },
      404,
      { "X-Num": "5", "X-Arr": ["a", "b"], "X-N": "null", "X-B": "true" },
      "123",
    ],
    ["array body as JSON", { body: [1, 2], headers: {} }, 404, {}, "[\n    1,\n    2\n]"],
    ["true body", { body: true, headers: {} }, 404, {}, "true"],
  ])("%s", (_, stub, statusCode, headers, body) => {
    const result = renderIs(stub, defaults);
    expect(result.statusCode).toBe(statusCode);
    expect(result.headers).toEqual(headers);
    expect(text(result.body)).toEqual(body);
  });

  it("uses 200, no headers and an empty text body with no defaults", () => {
    expect(renderIs({}, undefined)).toEqual({ statusCode: 200, headers: {}, body: "" });
  });

  it("takes the default _mode", () => {
    const result = renderIs({ body: "aGk" }, { _mode: "binary" });
    expect(text(result.body)).toEqual([104, 105]);
  });

  it("does not add Connection: close (a Worker cannot control it)", () => {
    expect(renderIs({ headers: { A: "b" } }, undefined).headers).toEqual({ A: "b" });
  });

  it("does not touch its inputs", () => {
    const stub = { headers: { "Content-Length": "1" }, body: "abc" };
    renderIs(stub, undefined);
    expect(stub.headers["Content-Length"]).toBe("1");
  });
});

describe("toStatusCode", () => {
  it.each([
    [201, 201],
    ["201", 201],
    ["201.7", 201],
    [" 202 ", 202],
    ["0x1F4", 500],
  ])("coerces %j to %i like Node's writeHead", (value, code) => {
    expect(toStatusCode(value)).toBe(code);
  });

  it.each(["abc", 99, 1000])("rejects %j with Node's message (mb answers 500)", (value) => {
    expect(() => toStatusCode(value)).toThrow(MbFailure);
    expect(() => toStatusCode(value)).toThrow(`Invalid status code: ${value}`);
  });
});

describe("header validation (Node's writeHead checks, which mb turns into a 500)", () => {
  it.each<[Record<string, unknown>, string]>([
    [{ "x y": "a" }, 'Header name must be a valid HTTP token ["x y"]'],
    [{ x: "a\nb" }, 'Invalid character in header content ["x"]'],
    [{ x: "€" }, 'Invalid character in header content ["x"]'],
    [{ x: undefined }, 'Invalid value "undefined" for header "x"'],
  ])("rejects %j", (headers, message) => {
    expect(() => renderIs({ headers }, undefined)).toThrow(message);
  });

  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{ x: "é" }, { x: "é" }],
    [{ x: [["a", "b"], "c"] }, { x: ["a,b", "c"] }],
    [{ x: [] }, { x: [] }],
  ])("accepts %j", (headers, expected) => {
    expect(renderIs({ headers }, undefined).headers).toEqual(expected);
  });

  it("keeps a header named __proto__ as a header", () => {
    const headers = renderIs({ headers: JSON.parse('{"__proto__":"a"}') }, undefined).headers;
    expect(Object.keys(headers)).toEqual(["__proto__"]);
    expect(Object.getOwnPropertyDescriptor(headers, "__proto__")?.value).toBe("a");
  });
});
