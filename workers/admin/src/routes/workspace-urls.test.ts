import { objectName } from "@mockctl/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { type CallOptions, call } from "../../test/client.ts";
import { imposterObject } from "../../test/helpers.ts";
import { storedWorkspace } from "../../test/tenants.ts";

// An imposter created with a workspace token lives in that workspace's object, and its `url` is the one
// the front door serves that object at (/w/<workspace>/i/<port>), not the default workspace's /i/<port>.
const vars = { API_KEY: "platform-key" };
let asTeam: CallOptions;

// After the setup file's reset and migrations, which run before each test.
beforeEach(async () => {
  asTeam = await storedWorkspace("blue");
});

describe("an imposter of a workspace other than the default", () => {
  it("is kept in that workspace's object and links to its own hosted URL", async () => {
    const created = await call("POST", "/imposters", { ...asTeam, body: { protocol: "http", port: 4710 } });
    expect(created.status).toBe(201);
    expect(created.json.url).toBe("http://localhost:2525/w/blue/i/4710");
    expect(objectName("blue", 4710)).toBe("blue:4710");
    expect((await imposterObject(4710, "blue").read())?.imposter.port).toBe(4710);
    expect(await imposterObject(4710).read()).toBeNull();
    const listed = await call("GET", "/imposters", asTeam);
    expect(listed.json.imposters).toEqual([
      expect.objectContaining({ port: 4710, url: "http://localhost:2525/w/blue/i/4710" }),
    ]);
  });

  it("keeps the default workspace's short URL for the platform key", async () => {
    const headers = { "x-api-key": "platform-key" };
    const created = await call("POST", "/imposters", {
      vars,
      headers,
      body: { protocol: "http", port: 4711 },
    });
    expect(created.json.url).toBe("http://localhost:2525/i/4711");
  });
});
