import { freePort } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyCases } from "./proxy.cases.ts";
import { admin, runCase, type Sides, startSides } from "./proxy-sides.ts";

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

describe.concurrent("e2e differential: proxies", () => {
  for (const c of proxyCases) it(c.name, async () => runCase(sides, c, await freePort()));

  // fetch would take Host from the URL; such a request goes out on a socket of its own (socket-http.ts).
  it("injectHeaders with a Host: the origin sees it on both (#388)", async () => {
    const port = await freePort();
    const pair = [sides.mb, sides.ours] as const;
    const to = sides.origin.url;
    const stubs = [
      { responses: [{ proxy: { to, mode: "proxyTransparent", injectHeaders: { Host: "named" } } }] },
    ];
    try {
      const hosts = [];
      for (const side of pair) {
        await admin(side, "POST", "/imposters", { protocol: "http", port, stubs });
        const res = await side.request(port, { method: "GET", path: "/a" });
        hosts.push((JSON.parse(Buffer.from(res.body).toString()) as { host: string }).host);
      }
      expect(hosts).toEqual(["named", "named"]);
    } finally {
      await Promise.all(pair.map((side) => admin(side, "DELETE", `/imposters/${port}`)));
    }
  });

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
