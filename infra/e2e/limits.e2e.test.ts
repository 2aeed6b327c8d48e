import { describe, expect, it } from "vitest";
import { platformForTests } from "../local/platform-for-tests.ts";

// The rate limit and requireKey on the running local platform, over HTTP, at the hosted URLs a user calls.

/** The first error's code of mb's envelope. */
const errorCode = async (response: Response) =>
  ((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code;

async function create(url: string, imposter: Record<string, unknown>): Promise<void> {
  const stubs = [{ responses: [{ is: { body: `imposter ${imposter.port}` } }] }];
  const response = await fetch(`${url}/imposters`, {
    method: "POST",
    body: JSON.stringify({ protocol: "http", stubs, ...imposter }),
  });
  expect(response.status, await response.text()).toBe(201);
}

describe("e2e: requests per second per imposter (npm start -- --rateLimit)", () => {
  // Locally the edge runs one isolate, so the limit is exact. One request per 5 s (a burst of one): a busy
  // machine cannot space two back-to-back requests far enough apart to refill the bucket.
  const local = platformForTests("limits", { rateLimit: 0.2 });

  it("answers beyond the limit 429 with Retry-After in mb's envelope, and limits each imposter apart", async () => {
    await create(local.url, { port: 4801 });
    await create(local.url, { port: 4802 });
    expect((await fetch(`${local.url}/i/4801/`)).status).toBe(200);
    const refused = await fetch(`${local.url}/i/4801/`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(4);
    expect(await errorCode(refused)).toBe("too many requests");
    expect((await fetch(`${local.url}/i/4802/`)).status).toBe(200);
  });
});

describe("e2e: an imposter that requires a key", () => {
  const local = platformForTests("limits");

  it("asks for the key at the hosted URL, and never prints the key back", async () => {
    await create(local.url, { port: 4803, requireKey: { header: "x-mock-key", value: "e2e-secret" } });
    const without = await fetch(`${local.url}/i/4803/`);
    expect([without.status, await errorCode(without)]).toEqual([401, "unauthorized"]);
    const withKey = await fetch(`${local.url}/i/4803/`, { headers: { "x-mock-key": "e2e-secret" } });
    expect([withKey.status, await withKey.text()]).toEqual([200, "imposter 4803"]);
    const printed = await (await fetch(`${local.url}/imposters/4803`)).text();
    expect(JSON.parse(printed).requireKey).toEqual({ header: "x-mock-key" });
    expect(printed).not.toContain("e2e-secret");
  });
});
