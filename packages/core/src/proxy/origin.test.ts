import { describe, expect, it } from "vitest";
import type { MbRequest } from "../schemas/request.ts";
import { isBinaryResponse, originAnswer, outboundRequest } from "./origin.ts";

const request: MbRequest = {
  requestFrom: "",
  method: "POST",
  path: "/p",
  query: { flag: "" },
  headers: { host: "127.0.0.1:2525", "content-length": "2", accept: "*/*" },
  body: "hi",
  ip: "",
};

describe("outboundRequest", () => {
  it("keeps the raw target, rewrites Host to the origin and lets the runtime frame the body", () => {
    expect(outboundRequest(request, { to: "http://origin:8080" }, "/p?flag")).toEqual({
      url: "http://origin:8080/p?flag",
      method: "POST",
      headers: [
        ["accept", "*/*"],
        ["host", "origin:8080"],
      ],
      body: "hi",
    });
  });

  it.each([
    ["http://origin:80", "origin"],
    ["https://origin:443/", "origin"],
    ["https://origin:8443", "origin:8443"],
  ])("Host for %s is %s (default ports left out)", (to, host) => {
    expect(outboundRequest(request, { to }, "/").headers).toContainEqual(["host", host]);
  });

  it("injectHeaders are merged in, and a Host among them wins (mb #388)", () => {
    const headers = outboundRequest(
      request,
      { to: "http://o", injectHeaders: { Host: "named", "X-A": "1" } },
      "/",
    ).headers;
    expect(headers).toEqual([
      ["accept", "*/*"],
      ["Host", "named"],
      ["X-A", "1"],
    ]);
  });

  it("an injected header replaces the client's whatever the case of either, as Node's setHeader does for mb", () => {
    const client = {
      ...request,
      headers: { ...request.headers, authorization: "Bearer dummy", "x-key": "k1" },
    };
    const injectHeaders = { Authorization: "Bearer real", "X-KEY": "k2" };
    expect(outboundRequest(client, { to: "http://o", injectHeaders }, "/").headers).toEqual([
      ["accept", "*/*"],
      ["Authorization", "Bearer real"],
      ["X-KEY", "k2"],
      ["host", "o"],
    ]);
  });

  it("sends no body on GET", () => {
    expect(
      outboundRequest({ ...request, method: "GET", body: "" }, { to: "http://o" }, "/").body,
    ).toBeUndefined();
  });
});

describe("originAnswer", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it.each([
    ["text stays text", { "content-type": "text/plain" }, "hello", "hello", "text"],
    [
      "JSON is saved parsed (mb #656)",
      { "content-type": "application/json" },
      '{"a":[1]}',
      { a: [1] },
      "text",
    ],
    ["a number body parses too", {}, "12", 12, "text"],
    ["octet-stream is base64", { "content-type": "application/octet-stream" }, "hi", "aGk=", "binary"],
    ["an image is base64", { "Content-Type": "image/png" }, "hi", "aGk=", "binary"],
    ["gzip content-encoding is base64", { "content-encoding": "gzip" }, "hi", "aGk=", "binary"],
  ] as const)("%s", (_name, headers, body, saved, mode) => {
    expect(originAnswer(201, { ...headers }, bytes(body))).toEqual({
      statusCode: 201,
      headers,
      body: saved,
      _mode: mode,
    });
  });

  it("treats the list as substrings, as mb does", () => {
    expect(isBinaryResponse({ "content-type": "video/mp4; codecs=x" })).toBe(true);
    expect(isBinaryResponse({ "content-type": "application/json" })).toBe(false);
  });
});
