import { describe, expect, it } from "vitest";
import type { MbRequest } from "../schemas/request.ts";
import type { Proxy as ProxyConfig, Stub } from "../schemas/response.ts";
import { DEFAULT_LIMITS } from "../validation/limits.ts";
import { recordProxyResponse, savedResponse } from "./record.ts";

const request = (path: string): MbRequest => ({
  requestFrom: "",
  method: "GET",
  path,
  query: {},
  headers: {},
  body: "",
  ip: "",
});
const answer = (body: string) => ({
  statusCode: 200,
  headers: {},
  body,
  _mode: "text" as const,
  _proxyResponseTime: 5,
});
const byPath = [{ matches: { path: true } }];
const proxyStub = (mode: string): Stub => ({
  responses: [{ proxy: { to: "http://o", mode, predicateGenerators: byPath } }],
});
/** The proxy of a stub built by proxyStub (or any stub whose first response is a proxy). */
const proxyOf = (stub: Stub | undefined): ProxyConfig => {
  const proxy = stub?.responses[0]?.proxy;
  if (!proxy) throw new Error("not a proxy stub");
  return proxy;
};
const saved = (path: string, body: string) => ({
  predicates: [{ deepEquals: { path } }],
  responses: [{ is: answer(body) }],
});

describe("savedResponse", () => {
  const cases: Array<[string, Partial<ProxyConfig>, number, unknown]> = [
    ["plain", {}, 5, undefined],
    ["addWaitBehavior", { addWaitBehavior: true }, 5, [{ wait: 5 }]],
    [
      "addWaitBehavior with a 0 ms answer adds nothing (mb tests truthiness)",
      { addWaitBehavior: true },
      0,
      undefined,
    ],
    [
      "addDecorateBehavior after wait",
      { addWaitBehavior: true, addDecorateBehavior: "f" },
      5,
      [{ wait: 5 }, { decorate: "f" }],
    ],
  ];
  it.each(cases)("%s", (_name, options, time, behaviors) => {
    const result = savedResponse(
      { ...answer("x"), _proxyResponseTime: time },
      { to: "http://o", ...options },
    );
    expect(result.behaviors).toEqual(behaviors);
    expect(result.is?._proxyResponseTime).toBe(time);
  });
});

describe("recordProxyResponse", () => {
  const other: Stub = { predicates: [{ equals: { path: "/other" } }], responses: [{ is: { body: "o" } }] };

  it("proxyOnce inserts in front of the proxy stub", async () => {
    const stubs = [other, proxyStub("proxyOnce")];
    const result = await recordProxyResponse(stubs, 1, proxyOf(stubs[1]), request("/a"), answer("A"));
    expect(result).toEqual({ stubs: [other, saved("/a", "A"), stubs[1]], insertedAt: 1, savedAt: 1 });
  });

  it("an unknown mode records as proxyOnce", async () => {
    const stubs = [proxyStub("nonsense")];
    const result = await recordProxyResponse(stubs, 0, proxyOf(stubs[0]), request("/a"), answer("A"));
    expect(result?.insertedAt).toBe(0);
  });

  it("proxyTransparent records nothing", async () => {
    const stubs = [proxyStub("proxyTransparent")];
    expect(await recordProxyResponse(stubs, 0, proxyOf(stubs[0]), request("/a"), answer("A"))).toBe(
      undefined,
    );
  });

  it("proxyAlways adds a stub at the end, then appends to the stub with equal predicates", async () => {
    const proxy = proxyStub("proxyAlways");
    let stubs: Stub[] = [proxy, other];
    const savedAt: number[] = [];
    for (const [path, body] of [
      ["/a", "A1"],
      ["/b", "B"],
      ["/a", "A2"],
    ] as const) {
      const recorded = (await recordProxyResponse(stubs, 0, proxyOf(proxy), request(path), answer(body)))!;
      stubs = recorded.stubs;
      savedAt.push(recorded.savedAt);
    }
    expect(savedAt).toEqual([2, 3, 2]);
    const a = saved("/a", "A1");
    expect(stubs).toEqual([
      proxy,
      other,
      { ...a, responses: [...a.responses, { is: answer("A2") }] },
      saved("/b", "B"),
    ]);
  });

  it("proxyAlways only looks behind the proxy stub, and compares predicates whatever their key order", async () => {
    const before: Stub = {
      predicates: [{ deepEquals: { path: "/a" } }],
      responses: [{ is: { body: "old" } }],
    };
    const proxy: Stub = {
      responses: [
        {
          proxy: {
            to: "http://o",
            mode: "proxyAlways",
            predicateGenerators: [{ matches: { path: true }, caseSensitive: true }],
          },
        },
      ],
    };
    const behind: Stub = { predicates: [{ deepEquals: { path: "/a" }, caseSensitive: true }], responses: [] };
    const result = await recordProxyResponse(
      [before, proxy, behind],
      1,
      proxyOf(proxy),
      request("/a"),
      answer("A"),
    );
    expect(result?.stubs.map((stub) => stub.responses.length)).toEqual([1, 1, 1]);
  });

  it("generates predicates from the request with injectHeaders merged in, as mb does", async () => {
    const proxy = {
      to: "http://o",
      injectHeaders: { "X-Added": "1" },
      predicateGenerators: [{ matches: { headers: true } }],
    };
    const result = await recordProxyResponse(
      [{ responses: [{ proxy }] }],
      0,
      proxy,
      request("/"),
      answer(""),
    );
    expect(result?.stubs[0]?.predicates).toEqual([{ deepEquals: { headers: { "X-Added": "1" } } }]);
  });

  it("refuses to grow an imposter past its limits, with the limit's error", async () => {
    const limits = { ...DEFAULT_LIMITS, maxStubs: 2, maxResponsesPerStub: 2 };
    const once = proxyStub("proxyOnce");
    await expect(
      recordProxyResponse([other, once], 1, proxyOf(once), request("/a"), answer("A"), undefined, limits),
    ).rejects.toMatchObject({ errors: [{ code: "limit exceeded", data: { limit: "maxStubs" } }] });
    const always = proxyStub("proxyAlways");
    const full = { ...saved("/a", "A1"), responses: [{ is: answer("A1") }, { is: answer("A2") }] };
    await expect(
      recordProxyResponse([always, full], 0, proxyOf(always), request("/a"), answer("A3"), undefined, limits),
    ).rejects.toMatchObject({ errors: [{ code: "limit exceeded", data: { limit: "maxResponsesPerStub" } }] });
  });
});
