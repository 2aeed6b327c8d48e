import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shoot } from "./dashboard-browser.ts";
import { create, dashboardSession, noChromium, remove } from "./dashboard-session.ts";

// The dashboard in Chromium with 10,000 stubs and 10,000 requests: windowed lists that answer the keyboard.
const BIG = 4600;
const BUSY = 4601;
const MANY = 10_000;

const bigStubs = () =>
  Array.from({ length: MANY }, (_, i) => ({
    predicates: [{ equals: { path: `/s${i}` } }],
    responses: [{ is: { body: `stub ${i}` } }],
  }));

/**
 * `count` requests to the imposter at `url`, 32 at a time (on 127.0.0.1 only). One left unanswered fails
 * the test by name: it once ran into the test's own timeout in CI with nothing to say which step hung.
 */
async function sendMany(url: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const signal = AbortSignal.timeout(30_000);
      await fetch(`${url}/s${i}`, { signal })
        .then((answer) => answer.arrayBuffer())
        .catch((error: unknown) => {
          throw new Error(`request ${i} of ${count} (${url}/s${i}) got no whole answer: ${String(error)}`);
        });
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

/** Milliseconds from a key press in a focused list to the row `row` (a CSS selector) being on screen. */
async function timeKey(page: Page, list: Locator, key: string, row: string): Promise<number> {
  await list.focus();
  const started = Date.now();
  await page.keyboard.press(key);
  await list.locator(row).waitFor();
  return Date.now() - started;
}

describe.skipIf(noChromium)("the dashboard at scale in Chromium", () => {
  const session = dashboardSession();

  it("stays responsive with 10,000 stubs and a journal of 10,000 requests", async () => {
    const { page, platform, metrics } = session;
    const busy = { protocol: "http", port: BUSY, recordRequests: true, stubs: [{ responses: [{ is: {} }] }] };
    expect((await create(platform, { protocol: "http", port: BIG, stubs: bigStubs() })).status).toBe(201);
    expect((await create(platform, busy)).status).toBe(201);
    await page.goto(`${platform.url}/dashboard/#/imposters/${BUSY}/requests`);
    await page.getByText("Journal: live").waitFor();
    // Sent while the page listens: all 10,000 arrive through the live stream.
    const started = Date.now();
    await sendMany(`${platform.url}/i/${BUSY}`, MANY);
    metrics.sent10000Ms = Date.now() - started;
    await page.getByRole("link", { name: `Requests (${MANY})` }).waitFor({ timeout: 60_000 });
    metrics.shown10000Ms = Date.now() - started;
    const requests = page.getByRole("grid", { name: "requests" });
    metrics.requestRowsInDom = await requests.getByRole("row").count();
    expect(metrics.requestRowsInDom).toBeLessThan(60);
    metrics.requestsEndKeyMs = await timeKey(page, requests, "End", `#requests-cell-${MANY - 1}`);
    await page.goto(`${platform.url}/dashboard/#/imposters/${BIG}/stubs`);
    const stubs = page.getByRole("grid", { name: "stubs" });
    await page.getByText(`${MANY} stubs`).waitFor();
    metrics.stubRowsInDom = await stubs.getByRole("row").count();
    expect(metrics.stubRowsInDom).toBeLessThan(60);
    metrics.stubsEndKeyMs = await timeKey(page, stubs, "End", `#stubs-cell-${MANY - 1}`);
    await shoot(page, "stubs-10000");
    for (const port of [BIG, BUSY]) await remove(platform, port);
    await page.goto(`${platform.url}/dashboard/#/`);
    await page.getByText("1 of 1 imposter", { exact: true }).waitFor();
  }, 180_000);
});
