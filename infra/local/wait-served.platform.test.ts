import { freePort } from "@mockctl/differential";
import { beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

/**
 * A stub's `wait` is served by the launcher (DELAY_ANSWER, @mockctl/contract faults.ts): workerd answers at
 * once and gives its place in the line back, so waiting requests do not queue behind each other. With one
 * place, five requests to a stub that waits 400 ms are answered together, not as the line widens for them
 * (every 200 ms: the last would go in 600 ms late).
 */
const platform = platformForTests("wait-served", { maxInFlight: 1, imposterPorts: true, log: () => {} });
const WAIT_MS = 400;
let port = 0;
let proxyPort = 0;

beforeAll(async () => {
  port = await freePort();
  proxyPort = await freePort();
  const imposter = {
    protocol: "http",
    port,
    stubs: [
      { responses: [{ is: { headers: { "X-A": "1" }, body: "waited" }, behaviors: [{ wait: WAIT_MS }] }] },
    ],
  };
  // Its sibling proxies to it: served in the edge's own isolate, with no launcher to wait for it.
  const proxy = {
    protocol: "http",
    port: proxyPort,
    stubs: [{ responses: [{ proxy: { to: `http://localhost:${port}`, mode: "proxyOnce" } }] }],
  };
  for (const body of [imposter, proxy]) {
    const created = await fetch(`${platform.url}/imposters`, { method: "POST", body: JSON.stringify(body) });
    expect(created.status).toBe(201);
  }
});

describe("a stub that waits, behind a line of one place", () => {
  it.each([
    ["its URL on the platform's port", () => `${platform.url}/i/${port}/x`],
    ["its own port", () => `http://127.0.0.1:${port}/x`],
  ])("answers five at once at %s, each after its wait, without the launcher's mark", async (_, url) => {
    // The line, widened for the case before (every 200 ms while slow requests wait), back at one place.
    await new Promise((done) => setTimeout(done, 1_500));
    const begun = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const response = await fetch(url());
        const answer = {
          body: await response.text(),
          a: response.headers.get("x-a"),
          mark: response.headers.get("x-mockctl-fault"),
          ms: performance.now() - begun,
        };
        return answer;
      }),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({ body: "waited", a: "1", mark: null });
      expect(answer.ms).toBeGreaterThanOrEqual(WAIT_MS - 10);
    }
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(1.5 * WAIT_MS);
  });
});

it("waits out a stub's wait for the imposter that proxies to it, and records no mark of the launcher's", async () => {
  const begun = performance.now();
  const response = await fetch(`${platform.url}/i/${proxyPort}/x`);
  expect(await response.text()).toBe("waited");
  expect(performance.now() - begun).toBeGreaterThanOrEqual(WAIT_MS - 10);
  expect([response.headers.get("x-a"), response.headers.get("x-mockctl-fault")]).toEqual(["1", null]);
  const saved = (await (await fetch(`${platform.url}/imposters/${proxyPort}`)).json()) as {
    stubs: { responses: { is?: { headers?: Record<string, string> } }[] }[];
  };
  const headers = saved.stubs.flatMap((stub) => stub.responses.map((r) => r.is?.headers ?? {}));
  expect(headers).toContainEqual(expect.objectContaining({ "x-a": "1" }));
  expect(headers.flatMap((h) => Object.keys(h).map((name) => name.toLowerCase()))).not.toContain(
    "x-mockctl-fault",
  );
});
