/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: their globals (navigator, document) are typed by the DOM lib.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { firstRenderMs, shoot } from "./dashboard-browser.ts";
import {
  create,
  dashboardSession,
  IMPOSTER,
  KEY,
  noChromium,
  PORT,
  remove,
  signIn,
} from "./dashboard-session.ts";
import { startOrigin } from "./proxy-origin.ts";

// The dashboard in Chromium against `npm start`'s platform (issue 11's proof), its imposters: sign in,
// create from JSON, copy the URL, a proxy's recordings shown live and exported, the list sorted by last
// activity, delete. dashboard-journal watches requests and edits stubs; dashboard-scale holds 10,000 of each.
const RECORDER = 4602;
const REPLAYED = 4603;

describe.skipIf(noChromium)("the dashboard's imposters in Chromium", () => {
  const session = dashboardSession({ signedIn: false });

  it("asks for a token, then lists the workspace's imposters", async () => {
    const { page, platform, metrics } = session;
    // Every asset the page asks for exists: no 404 in the console (a favicon.ico, say).
    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "GET" && response.status() === 404) missing.push(response.url());
    });
    await page.goto(`${platform.url}/dashboard/`);
    metrics.firstRenderMs = Math.round(await firstRenderMs(page));
    await page.getByLabel("API token").waitFor();
    await shoot(page, "sign-in");
    await page.getByLabel("API token").fill(KEY);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("No imposters yet").waitFor();
    expect(missing).toEqual([]);
    // Headless Chromium never asks for /favicon.ico (a 404 on the platform), a desktop browser does unless
    // the page names its icon; an inline one costs no request.
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>("link[rel=icon]")?.href);
    expect(icon).toMatch(/^data:image\/svg\+xml,/);
  });

  it("creates an imposter from pasted Mountebank JSON and copies its hosted URL", async () => {
    const { page, platform } = session;
    await page.getByRole("button", { name: "New imposter" }).click();
    await page.getByLabel(/Mountebank JSON/).fill(JSON.stringify(IMPOSTER, null, 2));
    await page.getByRole("button", { name: "Create" }).click();
    const row = page.getByRole("grid", { name: "imposters" }).getByRole("row").first();
    await expect.poll(() => row.textContent()).toContain("orders");
    await row.getByRole("button", { name: `Copy URL of ${PORT}` }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${platform.url}/i/${PORT}`);
    await shoot(page, "imposters");
  });

  it("shows the stubs a proxy records as they arrive, and exports them as a replayable file", async () => {
    const { page, platform } = session;
    const origin = await startOrigin();
    const proxy = { to: origin.url, mode: "proxyOnce", predicateGenerators: [{ matches: { path: true } }] };
    const recorder = {
      protocol: "http",
      port: RECORDER,
      name: "recorder",
      stubs: [{ responses: [{ proxy }] }],
    };
    const created = await create(platform, recorder);
    expect(created.status).toBe(201);
    // Open where the stream is visible, so the requests below are sent while the page listens.
    await page.goto(`${platform.url}/dashboard/#/imposters/${RECORDER}/requests`);
    await page.getByText("Journal: live").waitFor();
    await page.getByRole("link", { name: "Stubs" }).click();
    const recorded: Record<string, string> = {};
    for (const path of ["/a", "/json"])
      recorded[path] = await (await fetch(`${platform.url}/i/${RECORDER}${path}`)).text();
    const list = page.getByRole("grid", { name: "stubs" });
    const by = `recorded (just now|\\d+ s ago) by #2 \\(proxyOnce → ${origin.url.replaceAll(".", "\\.")}\\)`;
    await expect
      .poll(() => list.getByRole("row").allTextContents())
      .toEqual([
        expect.stringMatching(new RegExp(`^#0${by}when deepEquals path "/a"→ is 200`)),
        expect.stringMatching(new RegExp(`^#1${by}when deepEquals path "/json"→ is 200`)),
        expect.stringMatching(/^#2when any request→ proxy/),
      ]);
    await list.getByRole("row").first().click();
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
    const loaded = await create(platform, { ...file, port: REPLAYED });
    expect(loaded.status).toBe(201);
    for (const [path, body] of Object.entries(recorded)) {
      const replayed = await (await fetch(`${platform.url}/i/${REPLAYED}${path}`)).text();
      expect(JSON.parse(replayed)).toEqual(JSON.parse(body));
    }
    expect(origin.hits()).toBe(hits);
  });

  it("shows when each imposter last received a request, sortable by it", async () => {
    const { page, platform } = session;
    // The list is one call: GET /imposters?overview=true, no call per imposter and no replayable form.
    const listCalls: string[] = [];
    const seen = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname === "/imposters" && url.search !== "") listCalls.push(url.pathname + url.search);
    };
    page.on("request", seen);
    await page.goto(`${platform.url}/dashboard/#/`);
    const rows = page.getByRole("grid", { name: "imposters" }).getByRole("row");
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
    const phone = await session.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await signIn(phone, platform);
    await phone.getByText("3 of 3 imposters").waitFor();
    const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shoot(phone, "phone-imposters");
    await phone.goto(`${platform.url}/dashboard/#/imposters/${RECORDER}/stubs`);
    await phone.getByText("3 stubs").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shoot(phone, "phone-recorded-stubs");
    await phone.close();
    for (const port of [RECORDER, REPLAYED]) await remove(platform, port);
  });

  it("deletes the imposter after a confirmation", async () => {
    const { page, platform } = session;
    await page.getByRole("link", { name: String(PORT) }).click();
    await page.getByRole("button", { name: `Delete ${PORT}` }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByText("No imposters yet").waitFor();
    const answer = await fetch(`${platform.url}/imposters/${PORT}`, { headers: { "x-api-key": KEY } });
    expect(answer.status).toBe(404);
  });

  it("is where a browser opening the platform's root lands, as mb's root shows its pages", async () => {
    const { page, platform } = session;
    await page.goto(`${platform.url}/`);
    expect(page.url()).toBe(`${platform.url}/dashboard/`);
    await page.getByText("No imposters yet").waitFor();
    // A client of the API at the same root still gets mb's JSON home.
    const home = await fetch(`${platform.url}/`, { headers: { "x-api-key": KEY } });
    expect(((await home.json()) as { _links: object })._links).toHaveProperty("imposters");
  });
});
