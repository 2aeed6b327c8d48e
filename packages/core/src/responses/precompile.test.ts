import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import type { StubResponse } from "../schemas/response.ts";
import { applyCors } from "./cors.ts";
import { NO_MATCH_RESPONSE, noMatchResponse } from "./no-match.ts";
import { precompileResponse } from "./precompile.ts";
import { resolveResponse } from "./resolve.ts";

const defaults = { statusCode: 404, headers: { "X-Def": "d" }, body: "none" };

describe("precompileResponse", () => {
  it.each<[string, StubResponse]>([
    ["a plain is", { is: { body: { a: 1 }, headers: { "Content-Length": "0" } } }],
    ["an empty is", { is: {} }],
    ["an is with an empty behaviors array", { is: { statusCode: "201" }, behaviors: [] }],
    ["an is with a repeat", { is: { body: "x" }, repeat: 3 }],
  ])("renders %s once, exactly as resolveResponse would", async (_, response) => {
    const expected = await resolveResponse(response, testRequest(), { defaultResponse: defaults, deps: {} });
    expect(precompileResponse(response, defaults)).toEqual(expected);
  });

  it.each<[string, StubResponse]>([
    ["behaviors", { is: {}, behaviors: [{ wait: 1 }] }],
    ["a proxy", { proxy: { to: "http://x" } }],
    ["an injection", { inject: "fn" }],
    ["a fault", { fault: "CONNECTION_RESET_BY_PEER" }],
    ["an invalid status code (mb answers 500 per request)", { is: { statusCode: "abc" } }],
  ])("leaves a response with %s to resolveResponse", (_, response) => {
    expect(precompileResponse(response, defaults)).toBeUndefined();
  });

  it("is frozen, and applyCors copies rather than writes to it", () => {
    const description = precompileResponse({ is: {} }, defaults);
    expect(Object.isFrozen(description)).toBe(true);
    expect(Object.isFrozen(description?.headers)).toBe(true);
    const request = testRequest({
      method: "OPTIONS",
      headers: { Origin: "o", "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "X" },
    });
    expect(applyCors(description!, request).headers["Access-Control-Allow-Origin"]).toBe("o");
  });
});

// mb's stub repository answers `{ is: {} }` when nothing matches; checked on imposter 46211 (path /f).
describe("no match", () => {
  it("is an empty is response", () => {
    expect(NO_MATCH_RESPONSE).toEqual({ is: {} });
  });

  it("renders the defaultResponse", () => {
    expect(noMatchResponse(defaults)).toEqual({ statusCode: 404, headers: { "X-Def": "d" }, body: "none" });
    expect(noMatchResponse(undefined)).toEqual({ statusCode: 200, headers: {}, body: "" });
  });
});
