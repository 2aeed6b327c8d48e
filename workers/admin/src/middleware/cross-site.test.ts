import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";

const imposter = { protocol: "http", port: 4545, stubs: [{ responses: [{ is: { body: "x" } }] }] };
const OWN = "http://localhost:2525";
const APP = "http://localhost:3000";
const EVIL = "https://evil.example";

const refusedFrom = (origin: string) => ({
  errors: [
    {
      code: "insufficient access",
      message:
        `Cross-site request from ${origin} refused: the admin API answers pages of its own origin and of ` +
        `origins allowed with --origin. Start with --origin ${origin} to allow this one.`,
    },
  ],
});

describe("the Host check against DNS rebinding", () => {
  it.each<[string, Partial<Env>, number]>([
    ["http://localhost:2525", {}, 200],
    ["http://localhost", {}, 200],
    ["http://localhost.:2525", {}, 200],
    ["http://127.0.0.1:2525", {}, 200],
    ["http://[::1]:2525", {}, 200],
    ["http://192.168.1.5:2525", {}, 200],
    ["http://api.localhost:2525", {}, 200],
    ["https://evil.example:2525", {}, 403],
    ["http://localhost.evil.example:2525", {}, 403],
    ["http://evillocalhost:2525", {}, 403],
    ["http://mb:2525", {}, 403],
    ["http://mb:2525", { ALLOWED_HOSTS: "mb" }, 200],
    ["http://MB:2525", { ALLOWED_HOSTS: "other, Mb" }, 200],
    ["http://api.mocks.test", { ALLOWED_HOSTS: ".mocks.test" }, 200],
    ["http://mocks.test", { ALLOWED_HOSTS: ".mocks.test" }, 200],
    ["http://api.mocks.test", { ALLOWED_HOSTS: "mocks.test" }, 403],
    ["https://api.example.com", { ZONE: "example.com" }, 200],
    ["https://evil.example", { ALLOWED_HOSTS: "*" }, 200],
  ])("%s with %j: %i", async (base, vars, status) => {
    expect((await call("GET", "/imposters", { base, vars })).status).toBe(status);
  });

  it("refuses before the API key is checked, with a message naming the flag", async () => {
    const answer = await call("GET", "/imposters", {
      base: "http://evil.example:2525",
      vars: { API_KEY: "k" },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({
      errors: [
        {
          code: "insufficient access",
          message:
            "The admin API does not answer for host evil.example: it answers localhost, *.localhost, IP " +
            "addresses and names allowed with --allowHost. Start with --allowHost evil.example to allow this one.",
        },
      ],
    });
  });
});

describe("the Origin and Sec-Fetch-Site checks", () => {
  it.each<[Record<string, string>, Partial<Env>, number, string | null]>([
    [{}, {}, 200, null],
    [{ origin: OWN }, {}, 200, null],
    [{ origin: EVIL }, {}, 403, null],
    [{ origin: "null" }, {}, 403, null],
    [{ origin: APP }, {}, 403, null],
    [{ origin: APP }, { ALLOWED_ORIGINS: APP }, 200, APP],
    [
      { origin: "https://app.example" },
      { ALLOWED_ORIGINS: `${APP}/, https://App.example` },
      200,
      "https://app.example",
    ],
    [{ origin: EVIL }, { ALLOWED_ORIGINS: APP }, 403, null],
    [{ origin: EVIL }, { ALLOWED_ORIGINS: "*" }, 200, "*"],
    [{ "sec-fetch-site": "cross-site" }, {}, 403, null],
    [{ "sec-fetch-site": "same-origin" }, {}, 200, null],
    [{ "sec-fetch-site": "same-site" }, {}, 200, null],
    [{ "sec-fetch-site": "none" }, {}, 200, null],
    [{ "sec-fetch-site": "cross-site", origin: APP }, { ALLOWED_ORIGINS: APP }, 200, APP],
    [{ "sec-fetch-site": "same-origin", origin: EVIL }, {}, 403, null],
  ])("%j with %j: %i, Access-Control-Allow-Origin %s", async (headers, vars, status, allowed) => {
    const answer = await call("GET", "/imposters", { headers, vars });
    expect(answer.status).toBe(status);
    expect(answer.headers.get("access-control-allow-origin")).toBe(allowed);
  });

  it("refuses a cross-site text/plain form post and a DELETE, and changes nothing", async () => {
    await created(imposter);
    const headers = { origin: EVIL, "content-type": "text/plain" };
    const post = await call("POST", "/imposters", { headers, body: { ...imposter, port: 4546 } });
    expect([post.status, post.json]).toEqual([403, refusedFrom(EVIL)]);
    expect((await call("DELETE", "/imposters", { headers })).status).toBe(403);
    const ports = (await call("GET", "/imposters")).json.imposters.map((i: { port: number }) => i.port);
    expect(ports).toEqual([4545]);
  });

  it("lets an allowed page read every answer, errors included", async () => {
    const options = { headers: { origin: APP }, vars: { ALLOWED_ORIGINS: APP, API_KEY: "k" } };
    const unauthorized = await call("GET", "/imposters", options);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBe(APP);
    expect(unauthorized.headers.get("vary")).toBe("Origin");
    const missing = await call("GET", "/imposters/9999", {
      ...options,
      headers: { ...options.headers, "x-api-key": "k" },
    });
    expect([missing.status, missing.headers.get("access-control-allow-origin")]).toEqual([404, APP]);
  });
});

describe("CORS preflight", () => {
  const preflight = (origin: string, vars: Partial<Env>) =>
    call("OPTIONS", "/imposters", {
      vars,
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-api-key",
      },
    });

  it.each<[string, Partial<Env>, string]>([
    [APP, { ALLOWED_ORIGINS: APP, API_KEY: "k" }, APP],
    [OWN, {}, OWN],
    [EVIL, { ALLOWED_ORIGINS: "*" }, "*"],
  ])("from %s with %j is answered as mb's cors answers it", async (origin, vars, allowed) => {
    const answer = await preflight(origin, vars);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    const cors = ["allow-origin", "allow-methods", "allow-headers"].map((name) =>
      answer.headers.get(`access-control-${name}`),
    );
    expect(cors).toEqual([allowed, "GET,HEAD,PUT,PATCH,POST,DELETE", "content-type,x-api-key"]);
  });

  it("from a foreign origin is refused with the JSON error", async () => {
    const answer = await preflight(EVIL, { ALLOWED_ORIGINS: APP });
    expect([answer.status, answer.json]).toEqual([403, refusedFrom(EVIL)]);
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
  });
});
