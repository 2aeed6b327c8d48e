import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";

/** Static assets that answer the path they were asked for, so the test sees what the route forwards. */
const ASSETS = {
  fetch: async (request: Request) => new Response(`asset ${new URL(request.url).pathname}`),
} as unknown as Fetcher;

describe("the dashboard at /dashboard/", () => {
  it.each([
    ["/dashboard/", "asset /"],
    ["/dashboard/assets/index-abc.js", "asset /assets/index-abc.js"],
    ["/dashboard/imposters/4545", "asset /imposters/4545"],
  ])("GET %s is served from the static assets without the prefix", async (path, text) => {
    const answer = await call("GET", path, { vars: { ASSETS } });
    expect([answer.status, answer.text]).toEqual([200, text]);
  });

  it("redirects /dashboard to /dashboard/ so the page's relative URLs resolve under it", async () => {
    const answer = await call("GET", "/dashboard", { vars: { ASSETS } });
    expect([answer.status, answer.headers.get("location")]).toEqual([301, "/dashboard/"]);
  });

  it("needs no API key for the files (the app signs in against the API)", async () => {
    const answer = await call("GET", "/dashboard/", { vars: { ASSETS, API_KEY: "secret" } });
    expect(answer.status).toBe(200);
    const api = await call("GET", "/imposters", { vars: { ASSETS, API_KEY: "secret" } });
    expect(api.status).toBe(401);
  });

  const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8";
  it.each([
    ["a browser's navigation", BROWSER, true],
    ["text/html alone", "text/html", true],
    ["text/* over JSON", "text/*, application/json;q=0.5", true],
    ["curl's */*", "*/*", false],
    ["JSON first", "application/json, text/html;q=0.9", false],
    ["JSON and HTML alike", "application/json, text/html", false],
    ["no Accept", undefined, false],
    ["text/html refused", "text/html;q=0, */*", false],
  ])("sends %s at the root to the dashboard: %s", async (_name, accept, redirected) => {
    const headers: Record<string, string> = accept === undefined ? {} : { accept };
    const answer = await call("GET", "/", { vars: { ASSETS, API_KEY: "secret" }, headers });
    if (redirected) expect([answer.status, answer.headers.get("location")]).toEqual([302, "/dashboard/"]);
    // mb's JSON home, behind its API key like every admin route.
    else expect(answer.status).toBe(401);
  });

  it("sends a browser only from the root: /imposters stays the API", async () => {
    const answer = await call("GET", "/imposters", { vars: { ASSETS }, headers: { accept: BROWSER } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ imposters: expect.any(Array) });
  });

  it("leaves Mountebank's routes as they were", async () => {
    const home = await call("GET", "/", { vars: { ASSETS } });
    expect(home.json._links.imposters.href).toBe("http://localhost:2525/imposters");
    const unknown = await call("GET", "/dashboardx", { vars: { ASSETS } });
    expect(unknown.status).toBe(404);
  });
});
