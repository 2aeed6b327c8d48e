import { describe, expect, it } from "vitest";
import type { MbRequest, ResponseDescription } from "../schemas/request.ts";
import { applyCors } from "./cors.ts";

const request = (method: string, headers: Record<string, string | string[]>): MbRequest => ({
  requestFrom: "127.0.0.1:1",
  method,
  path: "/x",
  query: {},
  headers,
  body: "",
  ip: "127.0.0.1",
});

const preflight = {
  Origin: "http://o",
  "Access-Control-Request-Method": "PUT",
  "Access-Control-Request-Headers": "X-A",
};

// Checked against mb 2.9.1 with allowCORS (imposters 46212, 46213).
describe("applyCors", () => {
  const plain: ResponseDescription = { statusCode: 200, headers: { "X-Def": "d" }, body: "" };

  it("echoes the preflight into the resolved response", () => {
    expect(applyCors(plain, request("OPTIONS", preflight)).headers).toEqual({
      "X-Def": "d",
      "Access-Control-Allow-Headers": "X-A",
      "Access-Control-Allow-Methods": "PUT",
      "Access-Control-Allow-Origin": "http://o",
    });
  });

  it("keeps the stub's status and the spelling of a header the stub already sets", () => {
    const stub: ResponseDescription = {
      statusCode: 204,
      headers: { "access-control-allow-origin": "fixed" },
      body: "",
    };
    const result = applyCors(stub, request("OPTIONS", preflight));
    expect(result.statusCode).toBe(204);
    expect(result.headers).toEqual({
      "access-control-allow-origin": "http://o",
      "Access-Control-Allow-Headers": "X-A",
      "Access-Control-Allow-Methods": "PUT",
    });
  });

  it("finds request headers in any case and echoes several values", () => {
    const headers = {
      origin: ["http://o", "http://p"],
      "access-control-request-method": "PUT",
      "access-control-request-headers": "X-A",
    };
    expect(applyCors(plain, request("OPTIONS", headers)).headers["Access-Control-Allow-Origin"]).toEqual([
      "http://o",
      "http://p",
    ]);
  });

  it.each<[string, string, Record<string, string>]>([
    ["a GET", "GET", preflight],
    ["a missing request header", "OPTIONS", { Origin: "http://o", "Access-Control-Request-Method": "PUT" }],
    ["an empty Origin", "OPTIONS", { ...preflight, Origin: "" }],
  ])("leaves %s alone", (_, method, headers) => {
    expect(applyCors(plain, request(method, headers))).toBe(plain);
  });

  it("does not mutate the response it decorates (precompiled responses are shared)", () => {
    applyCors(plain, request("OPTIONS", preflight));
    expect(plain.headers).toEqual({ "X-Def": "d" });
  });
});
