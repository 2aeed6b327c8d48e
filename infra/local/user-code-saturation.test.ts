import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";

/**
 * Issue 8, part 3: under load a trivial function must not fail. The soak (200 VUs) failed ~24 decorate
 * calls of 35,000 with "did not finish within 1000 ms": the limit counted the time the call waited for
 * the host's one thread (and the edge's), not the function's own run.
 */
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-saturation-"));
let platform: Platform;

// A few hundred ms of synchronous work each (workerd's clock stands still while code runs, so a count).
const BUSY =
  "() => { let x = 0; for (let i = 0; i < 6e7; i++) x = (x + i) % 7; return { body: String(x) }; }";
const DECORATE = "(config, response) => { response.body = response.body + ' decorated'; }";

beforeAll(async () => {
  platform = await startPlatform({ port: 0, dataDir, allowInjection: true });
  const imposter = {
    protocol: "http",
    port: 4547,
    stubs: [
      { predicates: [{ equals: { path: "/busy" } }], responses: [{ inject: BUSY }] },
      { responses: [{ is: { body: "plain" }, behaviors: [{ decorate: DECORATE }] }] },
    ],
  };
  const created = await fetch(`${platform.url}/imposters`, {
    method: "POST",
    body: JSON.stringify(imposter),
  });
  expect(created.status).toBe(201);
  // The host starts on first use; its start-up is not what this test is about.
  expect(await (await fetch(`${platform.url}/i/4547/`)).text()).toBe("plain decorated");
});
afterAll(async () => {
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("trivial user functions while the host is busy", () => {
  it("all answer: the limit is the function's own run time, not its wait for the host", async () => {
    const busy = Array.from({ length: 8 }, () => fetch(`${platform.url}/i/4547/busy`).then((r) => r.text()));
    await new Promise((done) => setTimeout(done, 50));
    const trivial = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${platform.url}/i/4547/x`).then((r) => r.text())),
    );
    await Promise.all(busy);
    expect(trivial.filter((body) => body !== "plain decorated")).toEqual([]);
  });
});

describe("many calls waiting for the host's turn", () => {
  it("200 at once all answer: the turn passes on with no call cancelled as hung", async () => {
    const bodies = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${platform.url}/i/4547/x`).then(async (r) => `${r.status} ${await r.text()}`),
      ),
    );
    expect(bodies.filter((body) => body !== "200 plain decorated")).toEqual([]);
  });

  // Every call waits for its turn under sustained concurrency. (A hand-over that woke the next call from the
  // one ending its turn lost 13 of 17,284 calls under wrk to workerd's hang detection; too rare to show here
  // reliably, it is why waiters poll on their own timers.)
  it("50 callers back to back for 3 s all get their answer", async () => {
    const wrong: string[] = [];
    let answered = 0;
    const until = Date.now() + 3_000;
    const caller = async () => {
      while (Date.now() < until) {
        const res = await fetch(`${platform.url}/i/4547/x`);
        const body = `${res.status} ${await res.text()}`;
        if (body === "200 plain decorated") answered++;
        else wrong.push(body.slice(0, 200));
      }
    };
    await Promise.all(Array.from({ length: 50 }, caller));
    expect(wrong).toEqual([]);
    expect(answered).toBeGreaterThan(500);
  }, 20_000);

  it("callers that leave while they wait do not hold up the ones that stay", async () => {
    const busy = fetch(`${platform.url}/i/4547/busy`).then((r) => r.text());
    await new Promise((done) => setTimeout(done, 50));
    const leaving = Array.from({ length: 20 }, () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);
      return fetch(`${platform.url}/i/4547/x`, { signal: controller.signal }).then(
        () => "answered",
        () => "left",
      );
    });
    const staying = Array.from({ length: 20 }, () =>
      fetch(`${platform.url}/i/4547/x`).then(async (r) => `${r.status} ${await r.text()}`),
    );
    expect(await Promise.all(staying)).toEqual(Array(20).fill("200 plain decorated"));
    await Promise.all([busy, ...leaving]);
  });
});

// mb's examples delay an answer with a timer and `callback`; mb's Node runs such functions side by side.
const WAITS =
  "(config, injectState, logger, callback) => { setTimeout(() => callback({ body: 'waited' }), 900); }";

describe("functions that wait", () => {
  it("run side by side, and hold no other imposter's function up while they wait", async () => {
    const imposter = { protocol: "http", port: 4548, stubs: [{ responses: [{ inject: WAITS }] }] };
    const created = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      body: JSON.stringify(imposter),
    });
    expect(created.status).toBe(201);
    const started = Date.now();
    const waiting = Array.from({ length: 20 }, () =>
      fetch(`${platform.url}/i/4548/`).then(async (r) => `${r.status} ${await r.text()}`),
    );
    await new Promise((done) => setTimeout(done, 100));
    const trivial = await fetch(`${platform.url}/i/4547/x`);
    expect(await trivial.text()).toBe("plain decorated");
    // One after another, the twenty would take 18 s; the decorate waited behind them 14.5 s (issue 8's F9).
    expect(Date.now() - started).toBeLessThan(900);
    expect(await Promise.all(waiting)).toEqual(Array(20).fill("200 waited"));
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
