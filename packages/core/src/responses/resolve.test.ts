// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Mountebank tokens such as "${T}" are literal text here.
import { describe, expect, it, vi } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import type { Behavior } from "../schemas/behavior.ts";
import type { IsResponse, StubResponse } from "../schemas/response.ts";
import { resolveResponse } from "./resolve.ts";
import type { ResolveContext, ResolveDeps } from "./types.ts";

const copyPath: Behavior = {
  copy: { from: "path", into: "${P}", using: { method: "regex", selector: "\\w+" } },
};
const defaultResponse: IsResponse = { statusCode: 418, headers: { "X-D": "${P}" }, body: "${P} default" };
const ctx = (deps: ResolveDeps = {}, extra: Partial<ResolveContext> = {}): ResolveContext => ({
  defaultResponse,
  deps,
  ...extra,
});
const body = (value: string | Uint8Array) =>
  typeof value === "string" ? value : new TextDecoder().decode(value);

// Imposter 46221 on mb 2.9.1: the same defaultResponse and stubs; expected answers are its own.
describe("resolveResponse", () => {
  it("runs behaviors before defaultResponse fills in, so default fields keep their tokens", async () => {
    const result = await resolveResponse(
      { is: {}, behaviors: [copyPath] },
      testRequest({ path: "/isdefault" }),
      ctx(),
    );
    expect(result).toEqual({ statusCode: 418, headers: { "X-D": "${P}" }, body: "${P} default" });
  });

  it("sends an injection's result through behaviors and defaults", async () => {
    const inject = vi.fn(async () => ({ body: "${P} injected" }));
    const request = testRequest({ path: "/inject" });
    const result = await resolveResponse({ inject: "fn", behaviors: [copyPath] }, request, ctx({ inject }));
    expect(result).toEqual({ statusCode: 418, headers: { "X-D": "${P}" }, body: "inject injected" });
    expect(inject).toHaveBeenCalledWith("fn", request);
  });

  it("answers the default response for an unknown fault, without a fault marker", async () => {
    const result = await resolveResponse({ fault: "FOO" }, testRequest(), ctx());
    expect(result).toEqual({ statusCode: 418, headers: { "X-D": "${P}" }, body: "${P} default" });
  });

  it("marks a known fault and skips its behaviors (mb did not wait 1 s before resetting)", async () => {
    const response: StubResponse = { fault: "CONNECTION_RESET_BY_PEER", behaviors: [{ wait: 1000 }] };
    const result = await resolveResponse(response, testRequest(), ctx());
    expect(result.fault).toBe("CONNECTION_RESET_BY_PEER");
    expect(result.waitMs).toBeUndefined();
  });

  it("carries the summed wait", async () => {
    const result = await resolveResponse(
      { is: { body: "x" }, behaviors: [{ wait: 300 }, { wait: "400" }] },
      testRequest(),
      ctx(),
    );
    expect(result.waitMs).toBe(700);
  });

  it("applies the CORS echo when allowCORS is on", async () => {
    const request = testRequest({
      method: "OPTIONS",
      headers: { Origin: "o", "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "X" },
    });
    const on = await resolveResponse({ is: { headers: {} } }, request, ctx({}, { allowCORS: true }));
    const off = await resolveResponse({ is: { headers: {} } }, request, ctx());
    expect(on.headers).toEqual({
      "Access-Control-Allow-Headers": "X",
      "Access-Control-Allow-Methods": "PUT",
      "Access-Control-Allow-Origin": "o",
    });
    expect(off.headers).toEqual({});
  });

  describe("proxy", () => {
    it("times the call, runs behaviors before recording, and fills the answer from defaults", async () => {
      const proxy = vi.fn(async () => ({
        statusCode: 201,
        headers: { A: "${P}" },
        body: "",
        _mode: "text" as const,
      }));
      const response: StubResponse = { proxy: { to: "http://origin" }, behaviors: [copyPath] };
      const result = await resolveResponse(response, testRequest({ path: "/p" }), ctx({ proxy }));
      expect(result).toMatchObject({ statusCode: 201, headers: { A: "p" }, body: "${P} default" });
      expect(result.proxied).toMatchObject({ statusCode: 201, headers: { A: "p" }, body: "", _mode: "text" });
      expect(typeof result.proxied?._proxyResponseTime).toBe("number");
      expect(proxy).toHaveBeenCalledWith(expect.objectContaining({ path: "/p" }), { to: "http://origin" });
    });

    it("decodes a binary proxied body", async () => {
      const proxy = async () => ({ statusCode: 200, headers: {}, body: "aGk=", _mode: "binary" as const });
      const result = await resolveResponse({ proxy: { to: "http://origin" } }, testRequest(), ctx({ proxy }));
      expect(body(result.body)).toBe("hi");
    });

    it("fails like mb's unreachable proxy when there is no seam", async () => {
      await expect(
        resolveResponse({ proxy: { to: "http://origin" } }, testRequest(), ctx()),
      ).rejects.toMatchObject({
        errors: [{ code: "invalid proxy", message: 'Unable to connect to "http://origin"' }],
      });
    });
  });

  it.each<[string, StubResponse, string, string]>([
    [
      "an injection without a seam",
      { inject: "fn" },
      "invalid injection",
      "JavaScript injection is not allowed unless mb is run with the --allowInjection flag",
    ],
    [
      "two response types",
      { is: {}, inject: "fn" },
      "bad data",
      "each response object must have only one response type",
    ],
    ["no response type", { repeat: 1 }, "bad data", "unrecognized response type"],
  ])("refuses %s with mb's error", async (_, response, code, message) => {
    await expect(resolveResponse(response, testRequest(), ctx())).rejects.toMatchObject({
      errors: [{ code, message }],
    });
  });

  it("does not touch the stub response", async () => {
    const response: StubResponse = { is: { body: "${P}" }, behaviors: [copyPath] };
    await resolveResponse(response, testRequest({ path: "/x" }), ctx());
    expect(response.is).toEqual({ body: "${P}" });
  });
});
