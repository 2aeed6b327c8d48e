import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparable } from "../../packages/core/test/differential/compare.ts";
import { freePort } from "../../packages/core/test/differential/mb-process.ts";
import { normalizeForPlatform } from "./platform-rules.ts";
import { type ProxyCase, proxyCases } from "./proxy.cases.ts";
import { admin, exported, type Sides, startSides } from "./proxy-sides.ts";

/**
 * Proxies end to end against real Mountebank 2.9.1: one origin (proxy-origin.ts) behind an mb imposter
 * and behind the local platform's, every answer compared, then the stubs each recorded (the replayable
 * export) compared too.
 */
let sides: Sides;

beforeAll(async () => {
  sides = await startSides();
});

afterAll(() => sides?.stop());

async function runCase(c: ProxyCase, port: number): Promise<void> {
  const pair = [sides.mb, sides.ours] as const;
  const imposter = { protocol: "http", port, stubs: c.stubs(sides.origin.url) };
  try {
    for (const side of pair) expect((await admin(side, "POST", "/imposters", imposter)).status).toBe(201);
    for (const [i, req] of c.requests.entries()) {
      // One after the other: both hit the same origin, and each records before the next request.
      const theirs = await pair[0].request(port, req);
      const ours = await pair[1].request(port, req);
      const view = (res: typeof theirs) => comparable(normalizeForPlatform(res));
      expect(view(ours), `request #${i} ${req.method} ${req.path}`).toEqual(view(theirs));
    }
    const [theirs, ours] = await Promise.all(
      pair.map((side) => admin(side, "GET", `/imposters/${port}?replayable=true`)),
    );
    expect(exported(ours?.json), "replayable export").toEqual(exported(theirs?.json));
  } finally {
    await Promise.all(pair.map((side) => admin(side, "DELETE", `/imposters/${port}`)));
  }
}

describe.concurrent("e2e differential: proxies", () => {
  for (const c of proxyCases) it(c.name, async () => runCase(c, await freePort()));

  it("a dead origin: mb's invalid proxy error on both, nothing saved", async () => {
    const port = await freePort();
    const dead = `http://127.0.0.1:${await freePort()}`;
    const pair = [sides.mb, sides.ours] as const;
    const imposter = { protocol: "http", port, stubs: [{ responses: [{ proxy: { to: dead } }] }] };
    try {
      for (const side of pair) await admin(side, "POST", "/imposters", imposter);
      for (const side of pair) {
        const res = await side.request(port, { method: "GET", path: "/a" });
        const { errors } = JSON.parse(Buffer.from(res.body).toString()) as { errors: unknown[] };
        expect(res.status).toBe(500);
        // mb adds the error's name and stack; code and message are the contract.
        expect(errors).toEqual([
          expect.objectContaining({
            code: "invalid proxy",
            message: `Unable to connect to ${JSON.stringify(dead)}`,
          }),
        ]);
        const saved = await admin(side, "GET", `/imposters/${port}?replayable=true`);
        expect((saved.json as { stubs: unknown[] }).stubs).toHaveLength(1);
      }
    } finally {
      await Promise.all(pair.map((side) => admin(side, "DELETE", `/imposters/${port}`)));
    }
  });
});
