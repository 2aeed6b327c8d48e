import { describe, expect, it } from "vitest";
import type { RawHttpRequest } from "../schemas/request.ts";
import { normalizeRequest } from "./normalize.ts";

const raw = (overrides: Partial<RawHttpRequest>): RawHttpRequest => ({
  method: "GET",
  url: "/",
  headers: [],
  body: "",
  remoteAddress: "::ffff:127.0.0.1",
  remotePort: 53144,
  ...overrides,
});

// Expected values were observed on mb 2.9.1 with recordRequests (raw requests over a socket).
describe("normalizeRequest", () => {
  it("builds every field in Mountebank's order", () => {
    const request = normalizeRequest(
      raw({
        url: "/a/./b/../c%20d/%7e?x=1&x=2&y+z=%41+b&e",
        headers: [
          ["Host", "h"],
          ["X-Dup", "a"],
          ["X-Dup", "b"],
          ["x-dup", "c"],
          ["X-E", ""],
          ["X-E", "v"],
        ],
      }),
    );
    expect(JSON.stringify(request)).toBe(
      JSON.stringify({
        requestFrom: "::ffff:127.0.0.1:53144",
        method: "GET",
        path: "/a/c%20d/%7e",
        query: { x: ["1", "2"], "y z": "A b", e: "" },
        headers: { Host: "h", "X-Dup": ["a", "b"], "x-dup": "c", "X-E": "v" },
        body: "",
        ip: "::ffff:127.0.0.1",
      }),
    );
  });

  it.each([
    ["application/x-www-form-urlencoded ; charset=utf-8", "a=1&b=2", { a: "1", b: "2" }],
    ["application/x-www-form-urlencoded", "a=1&a=2", { a: ["1", "2"] }],
    ["Application/x-www-form-urlencoded", "a=1", undefined], // the media type is compared exactly
    ["application/x-www-form-urlencoded", "", undefined], // no body, no form
    ["text/plain", "a=1", undefined],
  ])("form for %s and body %j", (contentType, body, form) => {
    const request = normalizeRequest(raw({ method: "POST", headers: [["content-TYPE", contentType]], body }));
    expect(request.form === undefined ? undefined : { ...request.form }).toEqual(form);
    expect(Object.keys(request).at(-1)).toBe(form ? "form" : "ip");
  });

  it("does not treat a repeated Content-Type as a form (Mountebank crashes on it)", () => {
    const headers: Array<[string, string]> = [
      ["Content-Type", "application/x-www-form-urlencoded"],
      ["Content-Type", "application/x-www-form-urlencoded"],
    ];
    expect(normalizeRequest(raw({ headers, body: "a=1" })).form).toBeUndefined();
  });

  it.each([
    ["/a b?q=a b", "/a%20b", { q: "a b" }],
    ["/%7E/..%2F/x", "/%7E/..%2F/x", {}],
    ["/a/../../b", "/b", {}],
    ["//host/p?x", "/p", { x: "" }], // a scheme-relative target is a URL with a host, as in Node
    ["*", "/*", {}],
    ["/é?é=é", "/%C3%A9", { é: "é" }],
  ])("target %s", (url, path, query) => {
    const request = normalizeRequest(raw({ url }));
    expect(request.path).toBe(path);
    expect({ ...request.query }).toEqual(query);
  });

  it("reads a byte body as UTF-8, keeping a byte-order mark and replacing invalid bytes", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff, 0xc3, 0xa9]);
    expect(normalizeRequest(raw({ body: bytes })).body).toBe("\uFEFFa\uFFFDé");
  });

  it.each([
    [{ remoteAddress: "10.0.0.1", remotePort: 5 }, "10.0.0.1:5", "10.0.0.1"],
    [{ remoteAddress: "10.0.0.1", remotePort: 0 }, "10.0.0.1:0", "10.0.0.1"],
    [{ remoteAddress: "10.0.0.1", remotePort: undefined }, "10.0.0.1", "10.0.0.1"],
    [{ remoteAddress: undefined, remotePort: undefined }, "", ""],
  ])("peer %j", (peer, requestFrom, ip) => {
    const request = normalizeRequest(raw(peer));
    expect([request.requestFrom, request.ip]).toEqual([requestFrom, ip]);
  });
});
