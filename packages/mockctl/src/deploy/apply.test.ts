import { describe, expect, it } from "vitest";
import { ApiError, type Client } from "../client.ts";
import { createProgress } from "../progress.ts";
import { applySteps } from "./apply.ts";
import type { Step } from "./plan.ts";

const step = (port: number): Step => ({
  action: "create",
  port,
  imposter: { protocol: "http", port, stubs: [] },
  source: "a.json",
});

/** A platform that takes every imposter but `refused`, which it answers with mb's 400. */
function platform(refused: number) {
  const created: number[] = [];
  const client = {
    target: { url: "http://mocks.test", source: "test" },
    async createImposter(imposter: unknown) {
      const port = (imposter as { port: number }).port;
      if (port === refused)
        throw new ApiError(400, [{ code: "bad data", message: "nope" }], "POST /imposters");
      created.push(port);
      return {};
    },
    async listImposters() {
      return created.map((port) => ({ port, url: `http://mocks.test/i/${port}` }));
    },
  } as unknown as Client;
  return { client, created };
}

describe("applySteps", () => {
  it("reports a refusal by the platform with the file, the imposter and mb's message", async () => {
    const { client } = platform(4552);
    const applied = applySteps(client, [step(4551), step(4552)], createProgress(2));
    await expect(applied).rejects.toMatchObject({
      message: "a.json: imposter 4552 was refused (create): POST /imposters failed with 400",
      details: ["bad data: nope", "1 of 2 changes made before this refusal: create 4551"],
    });
  });

  it("says what was made and what was not when a workspace limit stops a deploy part way", async () => {
    const limit = { limit: "maxImposters", max: 3, actual: 4 };
    const message = "a workspace may have at most 3 imposters; this one would have 4";
    const full = new ApiError(413, [{ code: "limit exceeded", message, data: limit }], "POST /imposters");
    let count = 0;
    const client = {
      // All six start at once (8 at a time); the first three calls fit, the rest are refused.
      async createImposter() {
        count += 1;
        if (count > 3) throw full;
        return {};
      },
    } as unknown as Client;
    const steps = [4551, 4552, 4553, 4554, 4555, 4556].map(step);
    const error = await applySteps(client, steps, createProgress(6)).catch((e: unknown) => e);
    expect(error).toMatchObject({
      details: [
        "limit exceeded: a workspace may have at most 3 imposters; this one would have 4",
        expect.stringMatching(/^3 of 6 changes made before this refusal: create 455\d, /),
        expect.stringMatching(/^2 not made: create 455\d, create 455\d$/),
      ],
    });
    expect((error as { hint: string }).hint).toContain("--prune");
  });

  it("leaves a limit of one imposter's size to the imposter", async () => {
    const data = { limit: "maxImposterBytes", max: 10, actual: 11 };
    const tooBig = new ApiError(
      413,
      [{ code: "limit exceeded", message: "too big", data }],
      "POST /imposters",
    );
    const client = { createImposter: async () => Promise.reject(tooBig) } as unknown as Client;
    const error = await applySteps(client, [step(4557)], createProgress(1)).catch((e: unknown) => e);
    expect((error as { hint: string }).hint).toContain("Fix the imposter");
  });

  it("answers each step with its imposter's URL", async () => {
    const { client } = platform(0);
    const applied = await applySteps(client, [step(4551)], createProgress(1));
    expect(applied).toEqual([
      { action: "create", port: 4551, source: "a.json", url: "http://mocks.test/i/4551" },
    ]);
  });

  it("finishes the replaces under way when stopped, starts no more, and says which were not done", async () => {
    const calls: string[] = [];
    const stop = new AbortController();
    const client = {
      target: { url: "http://mocks.test", source: "test" },
      async deleteImposter(port: number) {
        calls.push(`DELETE ${port}`);
        // Ctrl-C lands while the first DELETEs are out, before their POSTs.
        if (calls.length === 2) stop.abort();
        await new Promise((done) => setTimeout(done, 10));
        return {};
      },
      async createImposter(imposter: unknown) {
        calls.push(`POST ${(imposter as { port: number }).port}`);
        return {};
      },
    } as unknown as Client;
    const replaces = Array.from({ length: 20 }, (_, i): Step => ({ ...step(5000 + i), action: "replace" }));
    const error = await applySteps(client, replaces, createProgress(20), stop.signal).catch(
      (e: unknown) => e,
    );
    // The two under way when it came were finished, each DELETE followed by its POST; no other began.
    const deleted = calls.filter((call) => call.startsWith("DELETE")).map((call) => call.slice(7));
    const posted = calls.filter((call) => call.startsWith("POST")).map((call) => call.slice(5));
    expect(deleted).toEqual(["5000", "5001"]);
    expect(posted.sort()).toEqual([...deleted].sort());
    expect(error).toMatchObject({
      message: "interrupted: 2 of 20 changes made, each in full; 18 not started",
      exitCode: 130,
    });
    expect((error as { details: string[] }).details[0]).toBe("not done: replace 5002");
  });

  // Replace is DELETE then POST: a refused POST (a storage limit, say) used to leave the port empty while
  // the hint said imposters already deployed were kept.
  describe("a refused replacement", () => {
    const replace: Step = {
      ...step(4553),
      action: "replace",
      previous: { protocol: "http", port: 4553, name: "old" },
    };
    const tooBig = new ApiError(413, [{ code: "limit exceeded", message: "too big" }], "POST /imposters");

    function replacing(putBack: "ok" | "refused") {
      const posted: unknown[] = [];
      const client = {
        async deleteImposter() {
          return {};
        },
        async createImposter(imposter: { name?: string }) {
          posted.push(imposter);
          if (imposter.name !== "old") throw tooBig;
          if (putBack === "refused")
            throw new ApiError(500, [{ code: "internal error", message: "down" }], "POST /imposters");
          return {};
        },
      } as unknown as Client;
      return { client, posted };
    }

    it("puts the imposter deployed before back, and says so", async () => {
      const { client, posted } = replacing("ok");
      await expect(applySteps(client, [replace], createProgress(1))).rejects.toMatchObject({
        message: "a.json: imposter 4553 was refused (replace): POST /imposters failed with 413",
        details: ["limit exceeded: too big", "imposter 4553 as deployed before was put back"],
      });
      expect(posted).toEqual([replace.imposter, replace.previous]);
    });

    it("says when it could not be put back", async () => {
      const { client } = replacing("refused");
      await expect(applySteps(client, [replace], createProgress(1))).rejects.toMatchObject({
        details: [
          "limit exceeded: too big",
          "imposter 4553 as deployed before was deleted and could not be put back: POST /imposters failed with 500",
        ],
      });
    });
  });

  it("points a refusal for the token's scope at the token, not the imposter", async () => {
    const readOnly = new ApiError(403, [{ code: "insufficient access", message: "read" }], "POST /imposters");
    const client = { createImposter: async () => Promise.reject(readOnly) } as unknown as Client;
    const error = await applySteps(client, [step(4554)], createProgress(1)).catch((e: unknown) => e);
    expect((error as { hint: string }).hint).toContain("--scope write");
  });
});
