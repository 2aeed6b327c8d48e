import { beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

/**
 * Issue 15, part 1, on the platform `npm start` runs: a catastrophic pattern used to hold workerd's only
 * thread (43 s for 33 a's), and every other imposter and the admin API with it. Each request here
 * gives up after 5 s, so the test fails in seconds rather than hanging when that comes back.
 */
const BOUND_MS = 1_000;
const HOSTILE = `/${"a".repeat(33)}!`;

const hostile = {
  protocol: "http",
  port: 4545,
  stubs: [{ predicates: [{ matches: { path: "^/(a+)+$" } }], responses: [{ is: { body: "x" } }] }],
};
const plain = { protocol: "http", port: 4546, stubs: [{ responses: [{ is: { body: "plain" } }] }] };

async function timedGet(url: string): Promise<{ status: number; body: string; ms: number }> {
  const start = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - start };
}

describe("a catastrophic regular expression on the local platform", () => {
  const platform = platformForTests("hostile-regex");
  beforeAll(async () => {
    for (const imposter of [hostile, plain]) {
      const created = await fetch(`${platform.url}/imposters`, {
        method: "POST",
        body: JSON.stringify(imposter),
      });
      expect(created.status).toBe(201);
    }
  });

  it("answers the hostile request and another imposter, each within a second", async () => {
    const [attack, other] = await Promise.all([
      timedGet(`${platform.url}/i/4545${HOSTILE}`),
      timedGet(`${platform.url}/i/4546/`),
    ]);
    expect(attack).toMatchObject({ status: 200, body: "" }); // no match: the default response
    expect(other).toMatchObject({ status: 200, body: "plain" });
    expect([attack.ms, other.ms].every((ms) => ms < BOUND_MS)).toBe(true);
    expect((await timedGet(`${platform.url}/i/4545/aaa`)).body).toBe("x");
  });

  it("keeps the admin API and other imposters answering while hostile requests keep arriving", async () => {
    const attacks = Array.from({ length: 10 }, () => timedGet(`${platform.url}/i/4545${HOSTILE}`));
    const others = Array.from({ length: 40 }, (_, i) =>
      timedGet(i % 4 === 0 ? `${platform.url}/imposters` : `${platform.url}/i/4546/`),
    );
    const results = await Promise.all([...attacks, ...others]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(BOUND_MS);
  });

  it("refuses a backreference at creation with Mountebank's error envelope", async () => {
    const response = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      body: JSON.stringify({
        protocol: "http",
        port: 4547,
        stubs: [{ predicates: [{ matches: { path: "^/(a)\\1$" } }], responses: [{ is: {} }] }],
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          code: "bad data",
          message: "regular expressions run in linear time here, which rules out a backreference",
          source: "^/(a)\\1$",
        },
      ],
    });
  });
});
