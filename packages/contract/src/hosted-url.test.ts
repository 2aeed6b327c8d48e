import { describe, expect, it } from "vitest";
import { resolveAddress } from "./address.ts";
import { hostedUrl } from "./hosted-url.ts";

// Every form the admin API writes as an imposter's `url` is one the front door reads back as that imposter.
describe("hostedUrl", () => {
  it.each([
    ["http://127.0.0.1:2525", "localhost", undefined, "http://127.0.0.1:2525/i/4545"],
    ["http://127.0.0.1:2525", "localhost", "team-a", "http://127.0.0.1:2525/w/team-a/i/4545"],
    ["http://127.0.0.1:2525", "", "team-a", "http://127.0.0.1:2525/w/team-a/i/4545"],
    ["https://api.mocks.dev", "mocks.dev", undefined, "https://4545.mocks.dev"],
    ["https://api.mocks.dev", "mocks.dev", "team-a", "https://4545.team-a.mocks.dev"],
  ])("from %s in zone '%s', workspace %s: %s", (origin, zone, workspace, url) => {
    expect(hostedUrl({ origin, zone, workspace }, 4545)).toBe(url);
    const onAdminOrigin = url.startsWith(origin);
    expect(resolveAddress(`${url}/x`, zone)).toEqual({ workspace, port: 4545, target: "/x", onAdminOrigin });
  });
});
