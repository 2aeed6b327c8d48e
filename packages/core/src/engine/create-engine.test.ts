import { describe, expect, it } from "vitest";
import type { Imposter } from "../schemas/imposter.ts";
import type { MbRequest } from "../schemas/request.ts";
import { createEngine } from "./create-engine.ts";
import { emptyState } from "./types.ts";

const request = (path: string, extra: Partial<MbRequest> = {}): MbRequest => ({
  requestFrom: "127.0.0.1:1",
  method: "GET",
  path,
  query: {},
  headers: {},
  body: "",
  ip: "127.0.0.1",
  ...extra,
});

const imposter = (fields: Partial<Imposter>): Imposter => ({
  protocol: "http",
  port: 4545,
  stubs: [],
  ...fields,
});

const text = (body: string | Uint8Array) =>
  typeof body === "string" ? body : new TextDecoder().decode(body);

describe("createEngine", () => {
  it("answers the first matching stub and the no-match default otherwise", async () => {
    const engine = createEngine(
      imposter({
        stubs: [
          { predicates: [{ equals: { path: "/a" } }], responses: [{ is: { body: "first" } }] },
          { predicates: [{ startsWith: { path: "/a" } }], responses: [{ is: { body: "second" } }] },
        ],
        defaultResponse: { statusCode: 404, body: "none" },
      }),
    );
    const state = emptyState();
    const hit = await engine.respond(request("/a"), state);
    const miss = await engine.respond(request("/zzz"), state);
    expect([hit.stubIndex, text(hit.response.body)]).toEqual([0, "first"]);
    expect([miss.stubIndex, miss.response.statusCode, text(miss.response.body)]).toEqual([-1, 404, "none"]);
    expect(state.numberOfRequests).toBe(2);
  });

  it("cycles responses with repeat and keeps the cursor in the state it is given", async () => {
    const engine = createEngine(
      imposter({ stubs: [{ responses: [{ is: { body: "a" }, repeat: 2 }, { is: { body: "b" } }] }] }),
    );
    const state = emptyState();
    const bodies: string[] = [];
    for (let i = 0; i < 4; i++) bodies.push(text((await engine.respond(request("/"), state)).response.body));
    expect(bodies).toEqual(["a", "a", "b", "a"]);
    expect(state.cursors[0]).toBe(1);
    expect(engine.isStateful(0)).toBe(true);
  });

  it("records requests with a timestamp only when recordRequests is on", async () => {
    const now = () => new Date("2026-01-02T03:04:05.000Z");
    const recorded = emptyState();
    await createEngine(imposter({ recordRequests: true })).respond(request("/x"), recorded, { now });
    const plain = emptyState();
    await createEngine(imposter({})).respond(request("/x"), plain, { now });
    expect(recorded.requests).toEqual([{ ...request("/x"), timestamp: "2026-01-02T03:04:05.000Z" }]);
    expect(plain.requests).toEqual([]);
    expect(plain.numberOfRequests).toBe(1);
  });

  it("serves a lone plain response statelessly through resolve", async () => {
    const engine = createEngine(
      imposter({ stubs: [{ responses: [{ is: { statusCode: 201, body: { a: 1 } } }] }] }),
    );
    const index = await engine.match(request("/"));
    expect(engine.isStateful(index)).toBe(false);
    const result = await engine.resolve(index, request("/"));
    expect(result.response.statusCode).toBe(201);
    expect(text(result.response.body)).toBe('{\n    "a": 1\n}');
  });

  it("echoes the CORS preflight on a precompiled response without changing it for later requests", async () => {
    const engine = createEngine(
      imposter({ allowCORS: true, stubs: [{ responses: [{ is: { body: "ok" } }] }] }),
    );
    const preflight = request("/", {
      method: "OPTIONS",
      headers: {
        "Access-Control-Request-Headers": "x-a",
        "Access-Control-Request-Method": "PUT",
        Origin: "http://o.example",
      },
    });
    const first = await engine.respond(preflight, emptyState());
    const second = await engine.respond(request("/"), emptyState());
    expect(first.response.headers).toMatchObject({ "Access-Control-Allow-Origin": "http://o.example" });
    expect(second.response.headers).not.toHaveProperty("Access-Control-Allow-Origin");
  });

  it.each([
    ["several responses", [{ is: {} }, { is: {} }], true],
    ["an injected response (user code is the platform's call)", [{ inject: "() => ({})" }], false],
    ["a decorate behavior", [{ is: {}, behaviors: [{ decorate: "() => {}" }] }], false],
    ["a recording proxy", [{ proxy: { to: "http://x" } }], true],
    ["a transparent proxy", [{ proxy: { to: "http://x", mode: "proxyTransparent" } }], false],
    [
      "a copy behavior",
      [
        {
          is: {},
          behaviors: [{ copy: { from: "path", into: "$P", using: { method: "regex", selector: ".*" } } }],
        },
      ],
      false,
    ],
  ])("treats a stub with %s as stateful: %s", (_, responses, stateful) => {
    const engine = createEngine(
      imposter({ stubs: [{ responses: responses as Imposter["stubs"][number]["responses"] }] }),
    );
    expect(engine.isStateful(0)).toBe(stateful);
  });
});
