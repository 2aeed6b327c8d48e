/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: their globals (navigator, document) are typed by the DOM lib.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "../local/platform.ts";
import { bundleSize, CHROMIUM, firstRenderMs, launch, SCREENSHOTS, shoot } from "./dashboard-browser.ts";
import { startOrigin } from "./proxy-origin.ts";

// The dashboard in Chromium against `npm start`'s platform (issue 11's proof): sign in, create from JSON,
// copy the URL, watch requests arrive live, open a near miss, edit a stub and see the new answer, delete.
const KEY = "e2e-secret";
const PORT = 4545;
const IMPOSTER = {
  protocol: "http",
  port: PORT,
  name: "orders",
  recordRequests: true,
  stubs: [
    { predicates: [{ equals: { path: "/hello" } }], responses: [{ is: { body: "hi" } }] },
    {
      predicates: [{ equals: { method: "POST", path: "/orders" } }],
      responses: [{ is: { statusCode: 201 } }],
    },
  ],
};
const ROOT = resolve(import.meta.dirname, "../..");
const BIG = 4600;
const BUSY = 4601;
const RECORDER = 4602;
const REPLAYED = 4603;
const MANY = 10_000;

const bigStubs = () =>
  Array.from({ length: MANY }, (_, i) => ({
    predicates: [{ equals: { path: `/s${i}` } }],
    responses: [{ is: { body: `stub ${i}` } }],
  }));

/** `count` requests to the imposter at `url`, 32 at a time (on 127.0.0.1 only). */
async function sendMany(url: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await (await fetch(`${url}/s${i}`)).arrayBuffer();
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

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)("the dashboard in Chromium", () => {
  let platform: Platform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const metrics: Record<string, unknown> = {};
  const hosted = () => `${platform.url}/i/${PORT}`;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mockctl-e2e-dashboard-"));
    [platform, browser] = await Promise.all([startPlatform({ port: 0, dataDir, apiKey: KEY }), launch()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: platform.url });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    metrics.bundle = bundleSize(join(ROOT, "dashboard/dist"));
    writeFileSync(join(SCREENSHOTS, "metrics.json"), `${JSON.stringify(metrics, null, 2)}\n`);
    await browser?.close();
    await platform?.stop();
  });

  it("asks for a token, then lists the workspace's imposters", async () => {
    await page.goto(`${platform.url}/dashboard/`);
    metrics.firstRenderMs = Math.round(await firstRenderMs(page));
    await page.getByLabel("API token").waitFor();
    await shoot(page, "sign-in");
    await page.getByLabel("API token").fill(KEY);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("No imposters yet").waitFor();
  });

  it("creates an imposter from pasted Mountebank JSON and copies its hosted URL", async () => {
    await page.getByRole("button", { name: "New imposter" }).click();
    await page.getByLabel(/Mountebank JSON/).fill(JSON.stringify(IMPOSTER, null, 2));
    await page.getByRole("button", { name: "Create" }).click();
    const row = page.getByRole("listbox", { name: "imposters" }).getByRole("option").first();
    await expect.poll(() => row.textContent()).toContain("orders");
    await row.getByRole("button", { name: `Copy URL of ${PORT}` }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${platform.url}/i/${PORT}`);
    await shoot(page, "imposters");
  });

  it("shows requests as they arrive, each with its stub, and the near misses of one that matched nothing", async () => {
    await page.getByRole("link", { name: String(PORT) }).click();
    await page.getByRole("link", { name: /^Requests/ }).click();
    await page.getByText("Journal: live").waitFor();
    await fetch(`${hosted()}/hello`);
    await fetch(`${hosted()}/helo`);
    const list = page.getByRole("listbox", { name: "requests" });
    await expect
      .poll(() => list.getByRole("option").allTextContents())
      .toEqual([expect.stringMatching(/GET\/hellostub #0$/), expect.stringMatching(/GET\/helono match$/)]);
    await list.getByRole("option").nth(1).click();
    const miss = page.getByRole("table").getByRole("row").nth(1);
    await expect.poll(() => miss.textContent()).toBe('#00pathequals"/hello""/helo"');
    await shoot(page, "requests");
  });

  it("edits a stub, saves it, and the imposter answers with the new response", async () => {
    await page.getByRole("link", { name: "Stubs" }).click();
    const editor = page.getByLabel("Stub #0 (JSON)");
    await editor.fill('{"responses":[{"is":{},"proxy":{"to":"http://origin"}}]}');
    await page
      .getByRole("alert")
      .filter({ hasText: "each response object must have only one response type" })
      .waitFor();
    await shoot(page, "stubs-invalid");
    await editor.fill(
      JSON.stringify(
        { predicates: [{ equals: { path: "/hello" } }], responses: [{ is: { body: "hello again" } }] },
        null,
        2,
      ),
    );
    await page.getByText("Valid stub.").waitFor();
    await page.getByRole("button", { name: "Save all stubs" }).click();
    await page.getByText("Saved.").waitFor();
    await shoot(page, "stubs");
    await page.getByRole("link", { name: "Try it" }).click();
    await page.getByLabel("Path").fill("/hello");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("hello again").waitFor();
    await expect.poll(() => page.locator(".matched").textContent()).toBe("matched stub #0");
    await shoot(page, "try-it");
  });

  it("charts requests over time and hits per stub", async () => {
    await page.getByRole("link", { name: "Traffic" }).click();
    await page.getByRole("img", { name: /Hits per stub: 3 requests/ }).waitFor();
    await page.waitForTimeout(300);
    await shoot(page, "traffic");
  });

  it("shows the stubs a proxy records as they arrive, and exports them as a replayable file", async () => {
    const origin = await startOrigin();
    const headers = { "x-api-key": KEY, "content-type": "application/json" };
    const proxy = { to: origin.url, mode: "proxyOnce", predicateGenerators: [{ matches: { path: true } }] };
    const recorder = {
      protocol: "http",
      port: RECORDER,
      name: "recorder",
      stubs: [{ responses: [{ proxy }] }],
    };
    const created = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      headers,
      body: JSON.stringify(recorder),
    });
    expect(created.status).toBe(201);
    // Open where the stream is visible, so the requests below are sent while the page listens.
    await page.goto(`${platform.url}/dashboard/#/imposters/${RECORDER}/requests`);
    await page.getByText("Journal: live").waitFor();
    await page.getByRole("link", { name: "Stubs" }).click();
    const recorded: Record<string, string> = {};
    for (const path of ["/a", "/json"])
      recorded[path] = await (await fetch(`${platform.url}/i/${RECORDER}${path}`)).text();
    const list = page.getByRole("listbox", { name: "stubs" });
    const by = `recorded (just now|\\d+ s ago) by #2 \\(proxyOnce → ${origin.url.replaceAll(".", "\\.")}\\)`;
    await expect
      .poll(() => list.getByRole("option").allTextContents())
      .toEqual([
        expect.stringMatching(new RegExp(`^#0${by}when deepEquals path "/a"→ is 200`)),
        expect.stringMatching(new RegExp(`^#1${by}when deepEquals path "/json"→ is 200`)),
        expect.stringMatching(/^#2when any request→ proxy/),
      ]);
    await list.getByRole("option").first().click();
    await shoot(page, "recorded-stubs");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export as replayable" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`imposter-${RECORDER}.json`);
    const file = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(Object.keys(file)).not.toContain("requests");
    expect(file.stubs.map((stub: { predicates: unknown }) => stub.predicates)).toEqual([
      [{ deepEquals: { path: "/a" } }],
      [{ deepEquals: { path: "/json" } }],
    ]);
    // Loaded back on another port, it answers as the recording did, without the origin.
    const hits = origin.hits();
    await origin.close();
    const loaded = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...file, port: REPLAYED }),
    });
    expect(loaded.status).toBe(201);
    for (const [path, body] of Object.entries(recorded)) {
      const replayed = await (await fetch(`${platform.url}/i/${REPLAYED}${path}`)).text();
      expect(JSON.parse(replayed)).toEqual(JSON.parse(body));
    }
    expect(origin.hits()).toBe(hits);
  });

  it("shows when each imposter last received a request, sortable by it", async () => {
    // The list is one call: GET /imposters?overview=true, no call per imposter and no replayable form.
    const listCalls: string[] = [];
    const seen = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname === "/imposters" && url.search !== "") listCalls.push(url.pathname + url.search);
    };
    page.on("request", seen);
    await page.goto(`${platform.url}/dashboard/#/`);
    const rows = page.getByRole("listbox", { name: "imposters" }).getByRole("option");
    await expect.poll(() => rows.count()).toBe(3);
    page.off("request", seen);
    expect(listCalls).toEqual(["/imposters?overview=true"]);
    await page.getByLabel("Sort by").selectOption("activity");
    const texts = await rows.allTextContents();
    expect(texts.map((text) => text.slice(0, 4))).toEqual([String(REPLAYED), String(RECORDER), String(PORT)]);
    expect(texts[0]).toMatch(/(just now|\d+ s ago)/);
    const exact = await rows.first().locator(".activity").getAttribute("title");
    expect(exact).toMatch(/\d:\d\d:\d\d/);
    await shoot(page, "last-activity");
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${platform.url}/dashboard/`);
    await phone.getByLabel("API token").fill(KEY);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await phone.getByText("3 of 3 imposters").waitFor();
    const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shoot(phone, "phone-imposters");
    await phone.goto(`${platform.url}/dashboard/#/imposters/${RECORDER}/stubs`);
    await phone.getByText("3 stubs").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shoot(phone, "phone-recorded-stubs");
    await phone.close();
    for (const port of [RECORDER, REPLAYED])
      await fetch(`${platform.url}/imposters/${port}`, { method: "DELETE", headers: { "x-api-key": KEY } });
  });

  it("fits a phone's width", async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    // The token is kept per tab (sessionStorage): a new tab signs in again.
    await phone.goto(`${platform.url}/dashboard/#/imposters/${PORT}/requests`);
    await phone.getByLabel("API token").fill(KEY);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await phone.getByRole("link", { name: "Requests (3)" }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(phone, "phone-requests");
    await phone.close();
  });

  it("stays responsive with 10,000 stubs and a journal of 10,000 requests", async () => {
    const headers = { "x-api-key": KEY, "content-type": "application/json" };
    const create = (imposter: object) =>
      fetch(`${platform.url}/imposters`, { method: "POST", headers, body: JSON.stringify(imposter) });
    const busy = { protocol: "http", port: BUSY, recordRequests: true, stubs: [{ responses: [{ is: {} }] }] };
    expect((await create({ protocol: "http", port: BIG, stubs: bigStubs() })).status).toBe(201);
    expect((await create(busy)).status).toBe(201);
    await page.goto(`${platform.url}/dashboard/#/imposters/${BUSY}/requests`);
    await page.getByText("Journal: live").waitFor();
    // Sent while the page listens: all 10,000 arrive through the live stream.
    const started = Date.now();
    await sendMany(`${platform.url}/i/${BUSY}`, MANY);
    metrics.sent10000Ms = Date.now() - started;
    await page.getByRole("link", { name: `Requests (${MANY})` }).waitFor({ timeout: 60_000 });
    metrics.shown10000Ms = Date.now() - started;
    const requests = page.getByRole("listbox", { name: "requests" });
    metrics.requestRowsInDom = await requests.getByRole("option").count();
    expect(metrics.requestRowsInDom).toBeLessThan(60);
    metrics.requestsEndKeyMs = await timeKey(page, requests, "End", `#requests-row-${MANY - 1}`);
    await page.goto(`${platform.url}/dashboard/#/imposters/${BIG}/stubs`);
    const stubs = page.getByRole("listbox", { name: "stubs" });
    await page.getByText(`${MANY} stubs`).waitFor();
    metrics.stubRowsInDom = await stubs.getByRole("option").count();
    expect(metrics.stubRowsInDom).toBeLessThan(60);
    metrics.stubsEndKeyMs = await timeKey(page, stubs, "End", `#stubs-row-${MANY - 1}`);
    await shoot(page, "stubs-10000");
    for (const port of [BIG, BUSY])
      await fetch(`${platform.url}/imposters/${port}`, { method: "DELETE", headers });
    await page.goto(`${platform.url}/dashboard/#/`);
    await page.getByText("1 of 1 imposters").waitFor();
  }, 180_000);

  it("deletes the imposter after a confirmation", async () => {
    await page.getByRole("link", { name: String(PORT) }).click();
    await page.getByRole("button", { name: `Delete ${PORT}` }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByText("No imposters yet").waitFor();
    const answer = await fetch(`${platform.url}/imposters/${PORT}`, { headers: { "x-api-key": KEY } });
    expect(answer.status).toBe(404);
  });
});
