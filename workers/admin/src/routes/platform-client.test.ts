import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminClient } from "../client.ts";
import worker from "../index.ts";

const PLATFORM_KEY = "platform-key";

/** The typed client as the CLI and the dashboard use it for the platform API, in this isolate. */
const clientWith = (key: string) =>
  adminClient("http://localhost:2525", {
    headers: { authorization: `Bearer ${key}` },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request(input, init), { ...env, API_KEY: PLATFORM_KEY }, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    },
  });

describe("the typed client on the platform API", () => {
  it("creates a workspace, manages its tokens and reads its audit log with typed answers", async () => {
    const operator = clientWith(PLATFORM_KEY);
    const made = await operator.platform.workspaces.$post({ json: { id: "team" } });
    expect(made.status).toBe(201);
    const { workspace, token } = await made.json();
    expect(workspace.adminUrl).toBe("http://localhost:2525/w/team");

    const team = clientWith(token.secret);
    const reader = await (await team.platform.tokens.$post({ json: { name: "ci", scope: "read" } })).json();
    const { tokens } = await (await team.platform.tokens.$get()).json();
    expect(tokens.map((listed) => listed.prefix)).toEqual([token.prefix, reader.prefix]);
    const revoked = await team.platform.tokens[":id"].$delete({ param: { id: reader.id } });
    expect((await revoked.json()).revokedAt).not.toBeNull();
    const page = await (await team.platform.audit.$get({ query: { limit: "1" } })).json();
    expect(page.entries.map((entry) => entry.action)).toEqual(["token.revoke"]);
    expect(page.next).toBeTypeOf("number");
  });
});
