import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";
import { newToken, newWorkspace, send, withKey } from "../../test/tenants.ts";
import { neededScope } from "./scope.ts";

const STUB = { responses: [{ is: { body: "x" } }] };

/** Every admin route with a body that would succeed, and the scope it needs (4545 exists, 4546 does not). */
const ROUTES: Array<[string, string, string, unknown?]> = [
  ["read", "GET", "/"],
  ["read", "GET", "/imposters"],
  ["read", "GET", "/imposters/4545"],
  ["read", "GET", "/config"],
  ["read", "GET", "/logs"],
  ["read", "GET", "/metrics"],
  ["read", "GET", "/platform/workspace"],
  ["write", "POST", "/imposters", { protocol: "http", port: 4546 }],
  ["write", "PUT", "/imposters/4545/stubs", { stubs: [STUB] }],
  ["write", "POST", "/imposters/4545/stubs", { stub: STUB }],
  ["write", "PUT", "/imposters/4545/stubs/0", STUB],
  ["write", "DELETE", "/imposters/4545/stubs/0"],
  ["write", "DELETE", "/imposters/4545/savedProxyResponses"],
  ["write", "DELETE", "/imposters/4545/requests"],
  ["write", "DELETE", "/imposters/4545/savedRequests"],
  ["write", "DELETE", "/imposters/4545"],
  ["write", "PUT", "/imposters", { imposters: [] }],
  ["write", "DELETE", "/imposters"],
  ["admin", "GET", "/platform/tokens"],
  ["admin", "POST", "/platform/tokens", { name: "x", scope: "read" }],
  ["admin", "GET", "/platform/audit"],
  ["admin", "PATCH", "/platform/workspace", { allowInjection: true }],
  ["operator", "POST", "/platform/workspaces", { id: "other" }],
];

const RANK = ["read", "write", "admin", "operator"];

async function workspaceWithImposter() {
  const admin = await newWorkspace("team");
  await created({ protocol: "http", port: 4545, stubs: [STUB, STUB] }, withKey(admin.secret));
  return admin;
}

describe("scopes", () => {
  it.each([
    "read",
    "write",
    "admin",
  ] as const)("a %s token reaches what its scope allows, 403 beyond", async (scope) => {
    const token = await newToken(await workspaceWithImposter(), scope);
    for (const [needed, method, path, body] of ROUTES) {
      const answer = await send(method, path, withKey(token.secret), body);
      const label = `${scope} ${method} ${path}: ${answer.text}`;
      if (RANK.indexOf(needed) <= RANK.indexOf(scope)) {
        expect(answer.status, label).toBeLessThan(300);
      } else {
        expect(answer.status, label).toBe(403);
        expect(answer.json.errors[0].code, label).toBe("insufficient access");
      }
    }
  });

  it("a read token writing changes nothing", async () => {
    const admin = await workspaceWithImposter();
    const reader = await newToken(admin, "read");
    const before = (await call("GET", "/imposters/4545", withKey(admin.secret))).text;
    for (const [needed, method, path, body] of ROUTES) {
      if (needed !== "read") await send(method, path, withKey(reader.secret), body);
    }
    expect((await call("GET", "/imposters/4545", withKey(admin.secret))).text).toBe(before);
    expect((await call("GET", "/platform/tokens", withKey(admin.secret))).json.tokens).toHaveLength(2);
  });
});

describe("neededScope", () => {
  it.each([
    ["GET", "/imposters/4545/", "read"],
    ["POST", "/imposters/4545/explain", "read"],
    ["POST", "/imposters/4545/stubs", "write"],
    ["PATCH", "/imposters/4545", "write"],
    ["GET", "/platform/workspace/", "read"],
    ["GET", "/platform/tokens", "admin"],
    ["DELETE", "/platform/tokens/abc", "admin"],
    ["POST", "/platform/workspaces/", "operator"],
    ["GET", "/platform/workspaces", "admin"],
  ])("%s %s needs %s", (method, path, scope) => {
    expect(neededScope(method, path)).toBe(scope);
  });
});
