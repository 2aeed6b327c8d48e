import { describe, expect, it } from "vitest";
import { objectFor, send } from "./helpers.ts";
import { create, proxyTo, stubsOf } from "./proxy-helpers.ts";

/** What echo.test saw (vitest.config.ts). */
interface EchoSeen {
  body: string;
  headers: Record<string, string>;
}

// The first request starts the object and the user-code-free engine: slow on a loaded machine.
describe("proxies", { timeout: 20_000 }, () => {
  it("forwards method, raw target, headers and body, with Host rewritten to the origin", async () => {
    const port = await create([proxyTo("http://echo.test:8080", { injectHeaders: { "X-Added": "yes" } })]);
    const res = await send(`/i/${port}/items?flag&x=1`, {
      method: "POST",
      body: "hello",
      headers: { "X-Client": "c" },
    });
    const echo = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(res.headers.get("x-origin")).toBe("yes");
    expect(echo).toMatchObject({
      method: "POST",
      url: "http://echo.test:8080/items?flag&x=1",
      body: "hello",
    });
    expect(echo.headers).toMatchObject({ "x-client": "c", "x-added": "yes", "content-length": "5" });
    expect(echo.headers).not.toHaveProperty("transfer-encoding");
  });

  it("proxyOnce saves the answer in front of the proxy stub, JSON parsed, and replays it", async () => {
    const port = await create([proxyTo("http://echo.test")]);
    const first = await (await send(`/i/${port}/a`)).text();
    const stubs = await stubsOf(port);
    expect(stubs).toHaveLength(2);
    expect(stubs[0]?.predicates).toEqual([{ deepEquals: { path: "/a" } }]);
    expect(stubs[0]?.responses[0]?.is).toMatchObject({
      statusCode: 200,
      _mode: "text",
      body: JSON.parse(first),
    });
    expect(typeof stubs[0]?.responses[0]?.is?._proxyResponseTime).toBe("number");
    expect(stubs[1]?.responses[0]?.proxy).toBeDefined();
    // Replayed from the saved stub (now 4-space JSON, as mb renders object bodies): nothing new saved.
    expect(JSON.parse(await (await send(`/i/${port}/a`)).text())).toEqual(JSON.parse(first));
    expect(await stubsOf(port)).toHaveLength(2);
  });

  it("saves binary bodies as base64", async () => {
    const port = await create([proxyTo("http://binary.test")]);
    const res = await send(`/i/${port}/img`);
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2, 255]);
    expect((await stubsOf(port))[0]?.responses[0]?.is).toMatchObject({ body: "AAEC/w==", _mode: "binary" });
    const replay = await send(`/i/${port}/img`);
    expect([...new Uint8Array(await replay.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it("forwards a body the client sent without a type without one (fetch would add text/plain)", async () => {
    const port = await create([proxyTo("http://echo.test", { mode: "proxyTransparent" })]);
    const body = new TextEncoder().encode("hello");
    const echo = (await (await send(`/i/${port}/p`, { method: "POST", body })).json()) as EchoSeen;
    expect(echo.body).toBe("hello");
    expect(echo.headers).not.toHaveProperty("content-type");
  });

  it("injectHeaders replace the client's headers of the same name in any case", async () => {
    const injectHeaders = { Authorization: "Bearer real", "X-Api-Key": "k2" };
    const port = await create([proxyTo("http://echo.test", { mode: "proxyTransparent", injectHeaders })]);
    const headers = { authorization: "Bearer dummy", "x-api-key": "k1" };
    const echo = (await (await send(`/i/${port}/p`, { headers })).json()) as EchoSeen;
    expect(echo.headers).toMatchObject({ authorization: "Bearer real", "x-api-key": "k2" });
  });

  it("counts the requests saved stubs answered before the next recording (mb counts every request)", async () => {
    const port = await create([proxyTo("http://echo.test")]);
    for (const path of ["/a", "/a", "/a", "/b"]) expect((await send(`/i/${port}${path}`)).status).toBe(200);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(4);
  });

  it("refuses a recording that would take the imposter past 10 MiB, and keeps what it saved before", async () => {
    const port = await create([proxyTo("http://echo.test")]);
    const body = new TextEncoder().encode("x".repeat(3_600_000));
    for (const path of ["/1", "/2"])
      expect((await send(`/i/${port}${path}`, { method: "POST", body })).status).toBe(200);
    const refused = await send(`/i/${port}/3`, { method: "POST", body });
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        code: "limit exceeded",
        data: expect.objectContaining({ limit: "maxImposterBytes" }),
      }),
    ]);
    expect((await stubsOf(port)).map((stub) => JSON.stringify(stub.predicates ?? null))).toEqual([
      '[{"deepEquals":{"path":"/1"}}]',
      '[{"deepEquals":{"path":"/2"}}]',
      "null",
    ]);
  });

  it("proxyTransparent saves nothing", async () => {
    const port = await create([proxyTo("http://echo.test", { mode: "proxyTransparent" })]);
    expect((await send(`/i/${port}/a`)).status).toBe(200);
    expect(await stubsOf(port)).toHaveLength(1);
  });

  it("a slow origin gives mb's invalid proxy error within the time limit and saves nothing", async () => {
    const message = 'Unable to connect to "http://slow.test": no answer within 500 ms';
    const port = await create([proxyTo("http://slow.test")]);
    const started = Date.now();
    const res = await send(`/i/${port}/a`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ errors: [{ code: "invalid proxy", message }] });
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(await stubsOf(port)).toHaveLength(1);
  });

  it("records concurrent requests once each: proxyOnce saves one stub per path, nothing lost or doubled", async () => {
    const port = await create([proxyTo("http://echo.test")]);
    const paths = Array.from({ length: 40 }, (_, i) => `/p${i % 10}`);
    const answers = await Promise.all(paths.map((path) => send(`/i/${port}${path}`).then((r) => r.status)));
    expect(answers.every((status) => status === 200)).toBe(true);
    const saved = (await stubsOf(port)).slice(0, -1).map((stub) => JSON.stringify(stub.predicates));
    expect(saved).toHaveLength(10);
    expect(new Set(saved).size).toBe(10);
  });

  it("records concurrent requests under proxyAlways: every answer appended to its path's stub", async () => {
    const port = await create([proxyTo("http://echo.test", { mode: "proxyAlways" })]);
    const paths = Array.from({ length: 30 }, (_, i) => `/p${i % 3}`);
    await Promise.all(paths.map((path) => send(`/i/${port}${path}`).then((r) => r.arrayBuffer())));
    const stubs = await stubsOf(port);
    expect(stubs.map((stub) => stub.responses.length)).toEqual([1, 10, 10, 10]);
  });

  it("runs an inject predicate generator in the user-code isolate, with mb's error when it throws", async () => {
    const generator = "(config) => [{ equals: { path: config.request.path.toUpperCase() } }]";
    const port = await create([
      proxyTo("http://echo.test", { predicateGenerators: [{ inject: generator }] }),
    ]);
    expect((await send(`/i/${port}/abc`)).status).toBe(200);
    expect((await stubsOf(port))[0]?.predicates).toEqual([{ equals: { path: "/ABC" } }]);

    const throwing = "(config) => { throw new Error('no ' + config.request.path); }";
    const broken = await create([
      proxyTo("http://echo.test", { predicateGenerators: [{ inject: throwing }] }),
    ]);
    const res = await send(`/i/${broken}/x`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      errors: [
        {
          code: "invalid injection",
          message: "invalid predicateGenerator injection",
          source: `(${throwing})(config);`,
          data: "no /x",
        },
      ],
    });
    expect(await stubsOf(broken)).toHaveLength(1);
  });
});
