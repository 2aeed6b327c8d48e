import { describe, expect, it } from "vitest";
import { describeRequest } from "./requests.ts";

const at = "2026-11-27T21:54:34.532Z";

// mb records `path` and the decoded `query` apart: the line shows them together again, as sent.
describe("describeRequest", () => {
  it.each([
    [{ method: "GET", path: "/live2", query: {} }, "GET /live2"],
    [{ method: "GET", path: "/live2", query: { q: "1" } }, "GET /live2?q=1"],
    [
      { method: "GET", path: "/a", query: { q: ["1", "two words"], x: "&", flag: "" } },
      "GET /a?q=1&q=two+words&x=%26&flag=",
    ],
    [{ method: "POST", path: "/é", query: { ü: "/" } }, "POST /é?%C3%BC=%2F"],
    [{ method: "GET", path: "/no-query" }, "GET /no-query"],
    [{ timestamp: at, method: "GET", path: "/t", query: { a: "b" } }, `${at} GET /t?a=b`],
    [{ timestamp: at, requestFrom: "127.0.0.1:5000" }, at], // tcp: no method, path or query
  ])("%j", (request, line) => {
    expect(describeRequest(request)).toBe(line);
  });
});
