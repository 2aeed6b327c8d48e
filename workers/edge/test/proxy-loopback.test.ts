import { describe, expect, it } from "vitest";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";
import { create, proxyTo, stubsOf } from "./proxy-helpers.ts";

// Loopback to the platform's own imposters, the body limit and client certificates.
describe("proxies: loopback and limits", { timeout: 20_000 }, () => {
  it.each([
    ["localhost:<port>", (port: number) => `http://localhost:${port}`],
    ["<port>.localhost", (port: number) => `http://${port}.localhost`],
  ])("reaches another imposter of the platform at %s, without the network", async (_name, to) => {
    const origin = await create([
      { responses: [{ is: { statusCode: 202, body: "from the other imposter" } }] },
    ]);
    const port = await create([proxyTo(to(origin))]);
    const res = await send(`/i/${port}/a`);
    expect([res.status, await res.text()]).toEqual([202, "from the other imposter"]);
    expect((await stubsOf(port))[0]?.responses[0]?.is).toMatchObject({ statusCode: 202 });
  });

  it.each([
    "proxyOnce",
    "proxyTransparent",
  ])("an imposter proxying to itself fails at once (%s)", async (mode) => {
    const port = freshPort();
    const to = `http://localhost:${port}`;
    await objectFor(port).put(imposter(port, { stubs: [proxyTo(to, { mode })] as never }));
    const res = await send(`/i/${port}/a`);
    expect(res.status).toBe(500);
    const message = `Unable to connect to "${to}": an imposter cannot proxy to itself`;
    expect(await res.json()).toEqual({ errors: [{ code: "invalid proxy", message }] });
  });

  it("an origin's body over the limit gives invalid proxy and saves nothing", async () => {
    const port = await create([proxyTo("http://big.test")]);
    const res = await send(`/i/${port}/a`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ errors: [{ code: "invalid proxy" }] });
    expect(await stubsOf(port)).toHaveLength(1);
  });

  it("a proxy with a client certificate goes out through the PROXY_CLIENT_CERT binding", async () => {
    const cert = "-----BEGIN CERTIFICATE-----";
    const port = await create([proxyTo("http://mtls.test", { mode: "proxyTransparent", cert, key: "k" })]);
    expect(await (await send(`/i/${port}/a`)).text()).toBe("with the client certificate: http://mtls.test/a");
    const plain = await create([proxyTo("http://echo.test", { mode: "proxyTransparent" })]);
    expect((await send(`/i/${plain}/a`)).headers.get("x-origin")).toBe("yes");
  });

  it("proxyTransparent in an imposter with user code is still proxied from the front door", async () => {
    const decorated = {
      responses: [{ is: { body: "x" }, behaviors: [{ decorate: "(c, r) => { r.body = 'd'; }" }] }],
    };
    const port = await create([
      { predicates: [{ equals: { path: "/d" } }], ...decorated },
      proxyTo("http://echo.test", { mode: "proxyTransparent" }),
    ]);
    expect((await send(`/i/${port}/a`)).headers.get("x-origin")).toBe("yes");
    expect(await (await send(`/i/${port}/d`)).text()).toBe("d");
  });
});
