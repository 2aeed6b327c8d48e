import { type CreatedToken, createdWorkspaceSchema } from "@mockctl/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "../local/platform-for-tests.ts";

/**
 * Issue 9 over HTTP on the running local platform (workerd, the edge in front of the admin Worker): two
 * workspaces, each with imposter 4545 answering differently at its own hosted URL, and their tokens kept
 * apart, through the URLs a user calls.
 */
const PLATFORM_KEY = "e2e-platform-key";
const platform = platformForTests("e2e-tenancy", { apiKey: PLATFORM_KEY });

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary JSON.
  json: any;
  text: string;
}

async function http(method: string, url: string, key?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== undefined) headers.authorization = `Bearer ${key}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text };
}

interface Team {
  adminUrl: string;
  admin: CreatedToken;
}

async function newTeam(id: string): Promise<Team> {
  const answer = await http("POST", `${platform.url}/platform/workspaces`, PLATFORM_KEY, { id });
  expect(answer.status, answer.text).toBe(201);
  const { workspace, token } = createdWorkspaceSchema.parse(answer.json);
  return { adminUrl: workspace.adminUrl, admin: token };
}

const imposter = (body: string) => ({
  protocol: "http",
  port: 4545,
  recordRequests: true,
  stubs: [{ responses: [{ is: { body } }] }],
});

let a: Team;
let b: Team;

beforeAll(async () => {
  [a, b] = [await newTeam("team-a"), await newTeam("team-b")];
});

describe("e2e: two workspaces on the local platform", () => {
  it("each has imposter 4545, answering differently at its own hosted URL", async () => {
    expect(a.adminUrl).toBe(`${platform.url}/w/team-a`);
    // Team A uses its /w/ base; team B the bare origin, where its token names the workspace.
    const createdA = await http("POST", `${a.adminUrl}/imposters`, a.admin.secret, imposter("from A"));
    const createdB = await http("POST", `${platform.url}/imposters`, b.admin.secret, imposter("from B"));
    expect([createdA.status, createdB.status]).toEqual([201, 201]);
    expect(createdA.json.url).toBe(`${platform.url}/w/team-a/i/4545`);
    expect(createdB.json.url).toBe(`${platform.url}/w/team-b/i/4545`);
    expect((await http("GET", `${createdA.json.url}/hello`)).text).toBe("from A");
    expect((await http("GET", `${createdB.json.url}/hello`)).text).toBe("from B");
    expect((await http("GET", `${platform.url}/i/4545/hello`)).status).toBe(404); // not the default workspace's
  });

  it("a token reaches its own workspace only: the other's imposter is 404 and unchanged", async () => {
    const before = await http("GET", `${b.adminUrl}/imposters/4545`, b.admin.secret);
    for (const [method, path, body] of [
      ["GET", "/imposters/4545/stubs/0"],
      ["PUT", "/imposters/4545/stubs", { stubs: [] }],
      ["DELETE", "/imposters/4545/savedRequests"],
    ] as Array<[string, string, unknown?]>) {
      expect((await http(method, `${b.adminUrl}${path}`, a.admin.secret, body)).status, path).toBe(404);
    }
    expect((await http("DELETE", `${b.adminUrl}/imposters`, a.admin.secret)).status).toBe(404);
    const after = await http("GET", `${b.adminUrl}/imposters/4545`, b.admin.secret);
    expect(after.json).toEqual(before.json);
    expect((await http("GET", `${platform.url}/w/team-b/i/4545/`)).text).toBe("from B");
  });

  it("a read token can read but not write (403); revoked, it is refused on the next request (401)", async () => {
    const made = await http("POST", `${a.adminUrl}/platform/tokens`, a.admin.secret, {
      name: "viewer",
      scope: "read",
    });
    expect(made.status, made.text).toBe(201);
    const reader: CreatedToken = made.json;
    expect((await http("GET", `${a.adminUrl}/imposters/4545`, reader.secret)).status).toBe(200);
    const write = await http("DELETE", `${a.adminUrl}/imposters/4545`, reader.secret);
    expect(write.status).toBe(403);
    expect(write.json.errors[0].code).toBe("insufficient access");
    await http("DELETE", `${a.adminUrl}/platform/tokens/${reader.id}`, a.admin.secret);
    expect((await http("GET", `${a.adminUrl}/imposters/4545`, reader.secret)).status).toBe(401);
    expect((await http("GET", `${a.adminUrl}/imposters`)).status).toBe(401);
  });

  it("every admin mutation is in the workspace's audit log, newest first", async () => {
    const page = await http("GET", `${a.adminUrl}/platform/audit?limit=3`, a.admin.secret);
    expect(page.json.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "token.revoke",
      "token.create",
      "imposter.create",
    ]);
    const theirs = await http("GET", `${b.adminUrl}/platform/audit`, b.admin.secret);
    expect(theirs.text).not.toContain("token.revoke");
  });
});
