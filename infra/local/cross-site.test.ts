import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * node:http rather than fetch: Node's fetch ignores a Host header. One connection per request: workerd
 * closes a kept-alive connection after an answer that left the request body unread (a refusal), and a
 * reused socket would race that close.
 */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject).end(body);
  });
}

const EVIL = "https://evil.example";
const APP = "http://localhost:3000";
const imposter = (port: number) =>
  JSON.stringify({ protocol: "http", port, stubs: [{ responses: [{ is: { body: `imposter ${port}` } }] }] });
/** What a page on another site sends with `<form method=post enctype=text/plain>` or a no-cors fetch. */
const formPost = { origin: EVIL, "sec-fetch-site": "cross-site", "content-type": "text/plain" };

describe("the local admin API against cross-site pages and DNS rebinding", () => {
  const platform = platformForTests("cross-site", { allowedOrigins: [APP], allowedHosts: ["mb"] });
  let url: string;
  const ports = async () =>
    (
      JSON.parse((await send(`${url}/imposters`, "GET", {})).text) as { imposters: Array<{ port: number }> }
    ).imposters.map((i) => i.port);

  beforeAll(async () => {
    url = platform.url;
  });

  it("creates an imposter for a plain client that sends no Origin, as for every Mountebank client", async () => {
    expect((await send(`${url}/imposters`, "POST", {}, imposter(4545))).status).toBe(201);
    expect(await ports()).toEqual([4545]);
  });

  it("answers a page of its own origin, as the dashboard will be, without CORS headers", async () => {
    const page = { origin: url, "sec-fetch-site": "same-origin" };
    const reply = await send(`${url}/imposters/4545`, "GET", page);
    expect(reply.status).toBe(200);
    expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses a cross-site text/plain POST with mb's JSON error, and creates nothing", async () => {
    const reply = await send(`${url}/imposters`, "POST", formPost, imposter(4546));
    expect(reply.status).toBe(403);
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(reply.text)).toMatchObject({
      errors: [{ code: "insufficient access", message: expect.stringContaining(`--origin ${EVIL}`) }],
    });
    expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
    expect(await ports()).toEqual([4545]);
  });

  it("refuses a rebound Host name, and serves localhost, loopback addresses and --allowHost names", async () => {
    const asHost = async (host: string) => (await send(`${url}/imposters`, "GET", { host })).status;
    const port = new URL(url).port;
    expect(await asHost("evil.example:2525")).toBe(403);
    expect(await asHost(`evil.example:${port}`)).toBe(403);
    expect(await asHost(`localhost:${port}`)).toBe(200);
    expect(await asHost(`[::1]:${port}`)).toBe(200);
    expect(await asHost("mb:2525")).toBe(200);
  });

  it("lets a page of an --origin call it, with CORS", async () => {
    const preflight = await send(`${url}/imposters`, "OPTIONS", {
      origin: APP,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(APP);
    const post = await send(`${url}/imposters`, "POST", { ...formPost, origin: APP }, imposter(4547));
    expect(post.status).toBe(201);
    expect(post.headers["access-control-allow-origin"]).toBe(APP);
  });

  it("keeps imposter URLs answering any Origin and any Host they are addressed by", async () => {
    const path = await send(`${url}/i/4545/`, "GET", { origin: EVIL, "sec-fetch-site": "cross-site" });
    expect([path.status, path.text]).toEqual([200, "imposter 4545"]);
    const rebound = await send(`${url}/i/4545/`, "GET", { host: "evil.example:2525", origin: EVIL });
    expect([rebound.status, rebound.text]).toEqual([200, "imposter 4545"]);
    const byHost = await send(`${url}/`, "POST", { ...formPost, host: "4545.localhost" }, "x");
    expect([byHost.status, byHost.text]).toEqual([200, "imposter 4545"]);
  });
});
