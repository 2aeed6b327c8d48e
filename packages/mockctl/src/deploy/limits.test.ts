import { describe, expect, it } from "vitest";
import { ApiError, type Client } from "../client.ts";
import { createOutput } from "../output.ts";
import { refuseOverLimitUpFront } from "./limits.ts";
import type { Step } from "./plan.ts";

const steps = (creates: number, deletes = 0): Step[] => [
  ...Array.from({ length: creates }, (_, i): Step => ({ action: "create", port: 40_000 + i })),
  ...Array.from({ length: deletes }, (_, i): Step => ({ action: "delete", port: 30_000 + i })),
  { action: "unchanged", port: 4545 },
];

/** A workspace that answers GET /platform/workspace with `limits`, or fails it with `status`. */
function workspace(answer: { maxImposters?: number; status?: number }) {
  const getWorkspace = async () => {
    if (answer.status !== undefined) throw new ApiError(answer.status, [], "GET /platform/workspace");
    const { maxImposters } = answer;
    return { limits: maxImposters === undefined ? undefined : { maxImposters, maxStoredBytes: 1 } };
  };
  return { platform: { getWorkspace } } as unknown as Client;
}

async function check(client: Client, current: number, plan: Step[]) {
  const warnings: string[] = [];
  const out = createOutput(false, { out: () => {}, err: (t) => warnings.push(t) });
  const error = await refuseOverLimitUpFront(client, out, current, plan).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, warnings };
}

// QA #7: at 995 of 1000, a deploy creating 5+ said Success on --dry-run and was refused part way for real.
describe("refuseOverLimitUpFront", () => {
  it("refuses, before anything is sent, a deploy that must end past the limit", async () => {
    const { error } = await check(workspace({ maxImposters: 1000 }), 995, steps(6));
    expect(error).toMatchObject({
      message: "this deploy would take the workspace past its limit of 1000 imposters; nothing was sent",
      details: [
        "a workspace may have at most 1000 imposters; this one would have 1001 (995 there now, 6 to create)",
      ],
      exitCode: 1,
    });
  });

  it.each([
    ["up to the limit", workspace({ maxImposters: 1000 }), 995, steps(5)],
    ["no create", workspace({ maxImposters: 10 }), 20, steps(0, 3)],
    ["mb (no workspaces: 404)", workspace({ status: 404 }), 995, steps(6)],
    ["a platform older than limits", workspace({}), 995, steps(6)],
  ])("lets through %s", async (_name, client, current, plan) => {
    expect(await check(client, current, plan)).toEqual({ error: undefined, warnings: [] });
  });

  it("warns when --prune's deletes, which run after the creates, bring it back within the limit", async () => {
    const { error, warnings } = await check(workspace({ maxImposters: 1000 }), 995, steps(6, 2));
    expect(error).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining("(995 there now, 6 to create, 2 to delete)")]);
  });

  it("counts the deletes in a deploy that ends past the limit all the same", async () => {
    const { error } = await check(workspace({ maxImposters: 1000 }), 995, steps(9, 2));
    expect(error).toMatchObject({
      details: [
        expect.stringContaining("this one would have 1002 (995 there now, 9 to create, 2 to delete)"),
      ],
    });
  });
});
