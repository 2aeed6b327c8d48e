import type { WorkspaceView } from "@mockctl/contract/platform-api";
import { describe, expect, it } from "vitest";
import type { Client } from "../client.ts";
import type { Command, Context } from "../command.ts";
import { createOutput } from "../output.ts";
import { workspacesGet, workspacesSet } from "./workspaces.ts";

const view = (allowInjection: boolean, injectionAllowed?: boolean): WorkspaceView => ({
  id: "acme",
  name: "Acme QA",
  createdAt: "2026-11-28T01:02:03.456Z",
  adminUrl: "http://localhost:9601/w/acme",
  allowInjection,
  ...(injectionAllowed === undefined ? {} : { injectionAllowed }),
});

/** The command against a platform that answers `answer` to GET and PATCH alike. */
async function run(command: Command, answer: WorkspaceView, values: Context["values"] = {}) {
  const printed = { out: [] as string[], err: [] as string[] };
  const out = createOutput(false, { out: (t) => printed.out.push(t), err: (t) => printed.err.push(t) });
  const platform = { getWorkspace: async () => answer, updateWorkspace: async () => answer };
  const client = { platform } as unknown as Client;
  await command.run({ values, positionals: [], out, env: {}, cwd: "", client: () => client });
  return printed;
}

const WIDE = "allowed (platform-wide; workspace setting off)";

describe("workspaces get", () => {
  it.each([
    ["its own setting", view(true, true), /Acme QA\s+allowed\s+http/],
    ["off where nothing allows it", view(false, false), /Acme QA\s+off\s+http/],
    ["off from a platform older than injectionAllowed", view(false), /Acme QA\s+off\s+http/],
    ["what holds first where the platform's setting wins", view(false, true), /Acme QA\s+allowed \(/],
  ])("shows %s", async (_name, answer, shown) => {
    const { out } = await run(workspacesGet, answer);
    expect(out.join("\n")).toMatch(shown);
  });

  it("names the workspace's own setting beside the platform's", async () => {
    expect((await run(workspacesGet, view(false, true))).out.join("\n")).toContain(WIDE);
  });
});

// QA: `set --allowInjection false` on a platform started with --allowInjection said only "Success".
describe("workspaces set", () => {
  it("warns, and still succeeds, when the platform allows injection everywhere", async () => {
    const { out, err } = await run(workspacesSet, view(false, true), { allowInjection: "false" });
    expect(err).toEqual([
      "▲ WARNING the platform allows injection for every workspace (started with --allowInjection), so acme's setting has no effect there: inject and decorate stay allowed",
    ]);
    expect(out.at(-1)).toBe(`✨ Success. Workspace acme: injection ${WIDE}.`);
  });

  it.each([
    ["false where the platform leaves it to the workspace", "false", view(false, false)],
    ["true", "true", view(true, true)],
  ])("does not warn for %s", async (_name, setting, answer) => {
    expect((await run(workspacesSet, answer, { allowInjection: setting })).err).toEqual([]);
  });
});
