import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { storedWorkspace, UNAUTHORIZED } from "../../test/tenants.ts";
import { tokenHash } from "../services/auth.ts";

const vars = { API_KEY: "s3cret" };

const ROUTES: Array<[string, string]> = [
  ["GET", "/"],
  ["GET", "/imposters"],
  ["POST", "/imposters"],
  ["PUT", "/imposters"],
  ["DELETE", "/imposters"],
  ["GET", "/imposters/4545"],
  ["DELETE", "/imposters/4545"],
  ["DELETE", "/imposters/4545/savedProxyResponses"],
  ["DELETE", "/imposters/4545/requests"],
  ["DELETE", "/imposters/4545/savedRequests"],
  ["PUT", "/imposters/4545/stubs"],
  ["POST", "/imposters/4545/stubs"],
  ["PUT", "/imposters/4545/stubs/0"],
  ["DELETE", "/imposters/4545/stubs/0"],
  ["GET", "/imposters/4545/requests/stream"],
  ["POST", "/imposters/4545/explain"],
  ["GET", "/openapi.json"],
  ["GET", "/config"],
  ["GET", "/logs"],
  ["GET", "/metrics"],
  ["GET", "/no/such/route"],
];

describe("x-api-key", () => {
  it.each(ROUTES)("%s %s needs the key", async (method, path) => {
    // A malformed body too: the key is checked before the body is read, as in mb.
    const body = method === "GET" ? undefined : "{not json";
    const missing = await call(method, path, { vars, body });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual(UNAUTHORIZED);
    const wrong = await call(method, path, { vars, headers: { "x-api-key": "s3cret-not" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(UNAUTHORIZED);
  });

  it.each(ROUTES)("%s %s opens with the key", async (method, path) => {
    const answer = await call(method, path, { vars, headers: { "x-api-key": "s3cret" } });
    expect(answer.status).not.toBe(401);
  });

  it("is off when API_KEY is empty, as mb without --apikey", async () => {
    expect((await call("GET", "/imposters")).status).toBe(200);
  });

  it("accepts a workspace token stored as its SHA-256, and nothing else", async () => {
    const asTeam = await storedWorkspace("team", { platformKey: vars.API_KEY });
    const hash = await tokenHash("team-token");
    expect((await call("GET", "/imposters", asTeam)).status).toBe(200);
    expect((await call("GET", "/imposters", { vars, headers: { "x-api-key": hash } })).status).toBe(401);
  });
});
