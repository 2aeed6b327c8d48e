import type { TokenView } from "@mockctl/contract/platform-api";
import { describe, expect, it } from "vitest";
import type { Client } from "../client.ts";
import { createOutput } from "../output.ts";
import { tokensRevoke } from "./tokens.ts";

const ci = (revokedAt: string | null): TokenView => ({
  id: "t-1",
  name: "ci",
  prefix: "mck_0123abcd",
  scope: "read",
  createdAt: "2026-11-28T01:02:03.456Z",
  expiresAt: null,
  revokedAt,
  lastUsedAt: null,
  createdBy: "api-key",
});

/** `tokens revoke t-1` against a workspace whose list holds `listed`; answers what it printed and sent. */
async function revoke(listed: TokenView[], json = false) {
  const printed = { out: [] as string[], err: [] as string[] };
  const out = createOutput(json, { out: (t) => printed.out.push(t), err: (t) => printed.err.push(t) });
  const deleted: string[] = [];
  const platform = {
    listTokens: async () => listed,
    revokeToken: async (id: string) => {
      deleted.push(id);
      return ci("2026-11-29T10:00:00.000Z");
    },
  };
  const client = { platform } as unknown as Client;
  await tokensRevoke.run({ values: {}, positionals: ["t-1"], out, env: {}, cwd: "", client: () => client });
  return { ...printed, deleted };
}

// QA #16: revoking a revoked token said "Revoked" again, as if this call had done it.
describe("tokens revoke", () => {
  it("revokes a live token", async () => {
    const { out, err, deleted } = await revoke([ci(null)]);
    expect([out, err, deleted]).toEqual([["✨ Success. Revoked token ci (t-1)."], [], ["t-1"]]);
  });

  it("leaves a revoked one alone, says when it was revoked, and exits 0", async () => {
    const { out, err, deleted } = await revoke([ci("2026-11-28T09:00:00.000Z")]);
    expect(err).toEqual([
      "▲ WARNING token ci (t-1) was already revoked at 2026-11-28T09:00:00.000Z; nothing changed",
    ]);
    expect([out, deleted]).toEqual([["✨ Success. Token ci (t-1) stays revoked."], []]);
  });

  it("tells a script which it was under --json", async () => {
    const [again] = (await revoke([ci("2026-11-28T09:00:00.000Z")], true)).out;
    expect(JSON.parse(again ?? "")).toMatchObject({
      ok: true,
      alreadyRevoked: true,
      warnings: [expect.any(String)],
    });
    const [first] = (await revoke([ci(null)], true)).out;
    expect(JSON.parse(first ?? "")).toMatchObject({ ok: true, alreadyRevoked: false, warnings: [] });
  });

  it("sends an id the list lacks to the platform, whose 404 names it", async () => {
    expect((await revoke([])).deleted).toEqual(["t-1"]);
  });
});
