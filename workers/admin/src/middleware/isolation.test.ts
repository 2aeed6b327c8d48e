import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created, imposterObject } from "../../test/helpers.ts";
import { asPlatform, newWorkspace, send, withKey } from "../../test/tenants.ts";

const STUB = { responses: [{ is: { body: "x" } }] };

/** Everything a caller can do to one imposter, `:port` filled in; 4600 is B's alone. */
const ON_IMPOSTER: Array<[string, string, unknown?]> = [
  ["GET", "/imposters/:port"],
  ["GET", "/imposters/:port?replayable=true"],
  ["PUT", "/imposters/:port/stubs", { stubs: [STUB] }],
  ["POST", "/imposters/:port/stubs", { stub: STUB }],
  ["PUT", "/imposters/:port/stubs/0", STUB],
  ["DELETE", "/imposters/:port/stubs/0"],
  ["DELETE", "/imposters/:port/savedProxyResponses"],
  ["DELETE", "/imposters/:port/requests"],
  ["DELETE", "/imposters/:port/savedRequests"],
];

/** Two workspaces, each with imposter 4545; B also has 4600 with a recorded request. */
async function twoWorkspaces() {
  const a = await newWorkspace("team-a");
  const b = await newWorkspace("team-b");
  await created({ protocol: "http", port: 4545, name: "a" }, withKey(a.secret));
  await created({ protocol: "http", port: 4545, name: "b" }, withKey(b.secret));
  await created({ protocol: "http", port: 4600, recordRequests: true, stubs: [STUB] }, withKey(b.secret));
  return { a: withKey(a.secret), b: withKey(b.secret), bToken: b };
}

/** B's whole state as B sees it, to compare before and after A's attempts. */
const stateOf = async (b: ReturnType<typeof withKey>) =>
  [
    (await call("GET", "/imposters?replayable=true", b)).text,
    (await call("GET", "/imposters/4600", b)).json.requests,
    (await call("GET", "/platform/tokens", b)).text,
  ] as const;

describe("workspace isolation", () => {
  it("two workspaces each have imposter 4545, each its own", async () => {
    const { a, b } = await twoWorkspaces();
    expect((await call("GET", "/imposters/4545", a)).json).toMatchObject({
      name: "a",
      url: "http://localhost:2525/w/team-a/i/4545",
    });
    expect((await call("GET", "/imposters/4545", b)).json.name).toBe("b");
    expect((await call("GET", "/imposters/4545", asPlatform)).status).toBe(404);
  });

  it.each(
    ON_IMPOSTER,
  )("%s %s on another workspace's imposter is 404 and changes nothing", async (method, route, body) => {
    const { a, b } = await twoWorkspaces();
    const seen = {
      requestFrom: "127.0.0.1:0",
      method: "GET",
      path: "/seen",
      query: {},
      headers: {},
      body: "",
    };
    await imposterObject(4600, "team-b").handle({ ...seen, ip: "127.0.0.1" });
    const before = await stateOf(b);
    expect(before[1]).toHaveLength(1);
    const answer = await send(method, route.replace(":port", "4600"), a, body);
    expect(answer.status, answer.text).toBe(404);
    expect(await stateOf(b)).toEqual(before);
  });

  it("DELETE of another workspace's imposter answers as for a port no one holds (mb: 200 {}), and it stays", async () => {
    const { a, b } = await twoWorkspaces();
    const before = await stateOf(b);
    const theirs = await call("DELETE", "/imposters/4600", a);
    const nobodys = await call("DELETE", "/imposters/4999", a);
    expect([theirs.status, theirs.text]).toEqual([nobodys.status, nobodys.text]);
    expect(await stateOf(b)).toEqual(before);
  });

  it("DELETE /imposters and PUT /imposters touch the caller's workspace only", async () => {
    const { a, b } = await twoWorkspaces();
    const before = await stateOf(b);
    expect(
      (await call("PUT", "/imposters", { ...a, body: { imposters: [{ protocol: "http", port: 4600 }] } }))
        .status,
    ).toBe(200);
    expect((await call("DELETE", "/imposters", a)).status).toBe(200);
    expect(await stateOf(b)).toEqual(before);
    expect(await env.SNAPSHOTS.get("team-b:4600")).not.toBeNull();
  });

  it("another workspace's token id is 404 and the token keeps working", async () => {
    const { a, b, bToken } = await twoWorkspaces();
    expect((await call("DELETE", `/platform/tokens/${bToken.id}`, a)).status).toBe(404);
    expect((await call("GET", "/imposters", b)).status).toBe(200);
  });

  it("a workspace's base URL /w/<id>/ is 404 to another workspace's token, and to the platform key", async () => {
    const { a, b } = await twoWorkspaces();
    const before = await stateOf(b);
    for (const [method, path, body] of [
      ["GET", "/w/team-b/imposters"],
      ["GET", "/w/team-b/imposters/4545"],
      ["DELETE", "/w/team-b/imposters"],
      ["POST", "/w/team-b/imposters", { protocol: "http", port: 4700 }],
      ["GET", "/w/team-b/platform/tokens"],
    ] as Array<[string, string, unknown?]>) {
      expect((await send(method, path, a, body)).status, `${method} ${path}`).toBe(404);
      expect((await send(method, path, asPlatform, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(await stateOf(b)).toEqual(before);
  });

  it("a workspace's base URL /w/<id>/ asks a caller without a token for one on an open platform", async () => {
    await newWorkspace("team-b");
    for (const path of ["/w/team-b/imposters", "/w/no-such-team/imposters"]) {
      const answer = await call("GET", path);
      expect(answer.status, path).toBe(401);
      expect(answer.json.errors[0].code).toBe("unauthorized");
      expect(answer.json.errors[0].message).toContain("send one of its tokens in x-api-key");
    }
    expect((await call("GET", "/imposters")).status).toBe(200);
  });

  it("names the whole path in the 404 to another workspace's token", async () => {
    const { a } = await twoWorkspaces();
    const answer = await call("GET", "/w/team-b/imposters", a);
    expect(answer.json.errors).toEqual([
      { code: "no such resource", message: "Cannot GET /w/team-b/imposters" },
    ]);
  });

  it("a workspace's base URL /w/<id>/ serves its own token, with links under it", async () => {
    const { b } = await twoWorkspaces();
    const answer = await call("GET", "/w/team-b/imposters/4545", b);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json._links.self.href).toBe("http://localhost:2525/w/team-b/imposters/4545");
    expect(answer.json.url).toBe("http://localhost:2525/w/team-b/i/4545");
    const posted = await call("POST", "/w/team-b/imposters", {
      ...b,
      body: { protocol: "http", port: 4701 },
    });
    expect(posted.headers.get("location")).toBe("http://localhost:2525/w/team-b/imposters/4701");
  });
});
