import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ownPortAddress, resolveAddress, splitUrl } from "./address.ts";

// The runtime hands the front door `request.url` serialized, as URL's href is.
const resolve = (url: string) => resolveAddress(new URL(url).href, "localhost");

describe("splitUrl", () => {
  const parts = (url: URL) => ({ hostname: url.hostname, pathname: url.pathname, search: url.search });

  it.each([
    "http://127.0.0.1:2525/i/4545/x?q=1",
    "http://127.0.0.1:2525",
    "http://127.0.0.1:2525/i/4545?",
    "http://127.0.0.1:2525/a?b?c/d",
    "https://user:p@ss@4545.localhost:8443/a/b?c=d",
    "http://[::1]:2525/i/1/x",
    "http://[::1]/i/1",
    "http://EXAMPLE.com/%41/../b/./c?%20#frag",
  ])("splits %s as URL does", (text) => {
    const url = new URL(text);
    expect(splitUrl(url.href)).toEqual(parts(url));
  });

  it("agrees with URL on any web URL", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (text) => {
        const url = new URL(text);
        expect(splitUrl(url.href)).toEqual(parts(url));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("resolveAddress", () => {
  it.each([
    ["http://127.0.0.1:2525/i/4545/rest/of/path", 4545, "/rest/of/path"],
    ["http://127.0.0.1:2525/i/4545", 4545, "/"],
    ["http://127.0.0.1:2525/i/4545/", 4545, "/"],
    ["http://127.0.0.1:2525/i/4545?a=1&b", 4545, "/?a=1&b"],
    ["http://127.0.0.1:2525/i/4545/x?q=%20", 4545, "/x?q=%20"],
    ["http://127.0.0.1:2525/i/65535/a", 65535, "/a"],
    ["http://127.0.0.1:2525/i/1/i/2", 1, "/i/2"],
    ["http://4545.localhost:2525/orders?id=3", 4545, "/orders?id=3"],
    ["http://4545.LOCALHOST/", 4545, "/"],
    // By host, the path belongs to the imposter, even one that looks like path addressing.
    ["http://4545.localhost/i/9999/x", 4545, "/i/9999/x"],
  ])("%s addresses imposter %i at %s", (url, port, target) => {
    // By path an imposter shares the admin API's origin; by host it has its own.
    const onAdminOrigin = new URL(url).hostname === "127.0.0.1";
    expect(resolve(url)).toEqual({ port, target, onAdminOrigin });
  });

  it.each([
    "http://127.0.0.1:2525/imposters",
    "http://127.0.0.1:2525/imposters/4545",
    "http://127.0.0.1:2525/",
    "http://127.0.0.1:2525/i/",
    "http://127.0.0.1:2525/i/abc",
    "http://127.0.0.1:2525/i/4545x",
    "http://127.0.0.1:2525/i/0",
    "http://127.0.0.1:2525/i/04545",
    "http://127.0.0.1:2525/i/65536",
    "http://127.0.0.1:2525/x/i/4545",
    "http://localhost:2525/i",
    "http://a.4545.localhost/",
    "http://4545.example.com/",
    "http://api.localhost/",
  ])("%s belongs to the admin API", (url) => {
    expect(resolve(url)).toBeNull();
  });
});

describe("resolveAddress by path", () => {
  // The rule as a regex, as it was first written: the hand-rolled scan must agree with it everywhere.
  const oracle = (path: string) => {
    const match = /^\/i\/(\d{1,5})(?=\/|$)/.exec(path);
    const digits = match?.[1];
    if (match === null || digits === undefined || digits[0] === "0" || Number(digits) > 65535) return null;
    const rest = path.slice(match[0].length);
    return { port: Number(digits), target: rest === "" ? "/" : rest, onAdminOrigin: true };
  };

  it("agrees with the regex rule on any path under /i/", () => {
    const segment = fc.stringMatching(/^[0-9a-z/]{0,8}$/);
    fc.assert(
      fc.property(segment, (tail) => {
        const path = `/i/${tail}`;
        expect(resolveAddress(`http://127.0.0.1:2525${path}`, "localhost")).toEqual(oracle(path));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("addresses that carry a workspace", () => {
  it.each([
    ["http://127.0.0.1:2525/w/team-a/i/4545/orders?x=1", "team-a", 4545, "/orders?x=1"],
    ["http://127.0.0.1:2525/w/t1/i/4545", "t1", 4545, "/"],
    ["http://4545.team-a.localhost/orders", "team-a", 4545, "/orders"],
    ["http://4545.team-a.mocks.example.com/", "team-a", 4545, "/"],
    // WORKSPACE_ID_MAX (naming.ts), in the path and in the host.
    [`http://127.0.0.1:2525/w/${"w".repeat(32)}/i/4545`, "w".repeat(32), 4545, "/"],
    [`http://4545.${"w".repeat(32)}.localhost/`, "w".repeat(32), 4545, "/"],
  ])("%s addresses workspace %s's imposter %i at %s", (url, workspace, port, target) => {
    const zone = url.includes("example.com") ? "mocks.example.com" : "localhost";
    const onAdminOrigin = new URL(url).pathname.startsWith("/w/");
    expect(resolveAddress(new URL(url).href, zone)).toEqual({ workspace, port, target, onAdminOrigin });
  });

  it.each([
    "http://127.0.0.1:2525/w/team-a",
    "http://127.0.0.1:2525/w/team-a/i/",
    "http://127.0.0.1:2525/w//i/4545",
    "http://127.0.0.1:2525/w/Team_A/i/4545",
    "http://127.0.0.1:2525/w/team-a/x/4545",
    "http://4545.a.b.localhost/",
    "http://4545.-a.localhost/",
    `http://127.0.0.1:2525/w/${"w".repeat(33)}/i/4545`,
    `http://4545.${"w".repeat(33)}.localhost/`,
  ])("%s belongs to the admin API", (url) => {
    expect(resolve(url)).toBeNull();
  });
});

describe("ownPortAddress", () => {
  it.each([
    ["http://4546.localhost/i/4545/x?y", "4545", { port: 4545, target: "/x?y", onAdminOrigin: false }],
    ["http://127.0.0.1:4545/i/4545", "4545", { port: 4545, target: "/", onAdminOrigin: false }],
    ["http://127.0.0.1:4545/i/4546/x", "4545", null],
    ["http://127.0.0.1:4545/w/team-a/i/4545/x", "4545", null],
    ["http://127.0.0.1:4545/imposters", "4545", null],
  ])("%s from port %s is %j", (url, port, expected) => {
    expect(ownPortAddress(url, port)).toEqual(expected);
  });
});
