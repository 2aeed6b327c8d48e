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

  it("leaves Mountebank's routes as they were", async () => {
    const home = await call("GET", "/", { vars: { ASSETS } });
    expect(home.json._links.imposters.href).toBe("http://localhost:2525/imposters");
    const unknown = await call("GET", "/dashboardx", { vars: { ASSETS } });
    expect(unknown.status).toBe(404);
  });
});
