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
      details: ["bad data: nope"],
    });
  });

  it("answers each step with its imposter's URL", async () => {
    const { client } = platform(0);
    const applied = await applySteps(client, [step(4551)], createProgress(1));
    expect(applied).toEqual([
      { action: "create", port: 4551, source: "a.json", url: "http://mocks.test/i/4551" },
    ]);
  });
});
