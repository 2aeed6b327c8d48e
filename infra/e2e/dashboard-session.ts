import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type Platform, startPlatform } from "../local/platform.ts";
import { bundleSize, CHROMIUM, launch, SCREENSHOTS } from "./dashboard-browser.ts";

// The set-up every dashboard-*.e2e.test.ts file shares: `npm start`'s platform with an API key, Debian's
// Chromium, and one page of a 1280×800 window that may use the clipboard.
export const KEY = "e2e-secret";
export const PORT = 4545;
export const IMPOSTER = {
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

/** Skipped where there is no Chromium, except in CI, where a missing one fails. */
export const noChromium = !existsSync(CHROMIUM) && !process.env.CI;

export interface Session {
  platform: Platform;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Numbers for metrics.json, merged with the other files' (each file writes the keys it measured). */
  metrics: Record<string, unknown>;
}

/** Signs `page` in at `path` of the dashboard (the token is kept per tab, so each tab signs in). */
export async function signIn(page: Page, platform: Platform, path = ""): Promise<void> {
  await page.goto(`${platform.url}/dashboard/${path}`);
  await page.getByLabel("API token").fill(KEY);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** POST /imposters with the key, on the session's platform. */
export const create = (platform: Platform, imposter: object) =>
  fetch(`${platform.url}/imposters`, {
    method: "POST",
    headers: { "x-api-key": KEY, "content-type": "application/json" },
    body: JSON.stringify(imposter),
  });

export const remove = (platform: Platform, port: number) =>
  fetch(`${platform.url}/imposters/${port}`, { method: "DELETE", headers: { "x-api-key": KEY } });

/**
 * Registers the file's beforeAll and afterAll; the session is filled once beforeAll has run. `signedIn`
 * also creates IMPOSTER and leaves the page signed in on the imposter list.
 */
export function dashboardSession({ signedIn = true } = {}): Session {
  const session = { metrics: {} } as Session;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mockctl-e2e-dashboard-"));
    [session.platform, session.browser] = await Promise.all([
      startPlatform({ port: 0, dataDir, apiKey: KEY }),
      launch(),
    ]);
    const { platform } = session;
    session.context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await session.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: platform.url });
    session.page = await session.context.newPage();
    if (!signedIn) return;
    if ((await create(platform, IMPOSTER)).status !== 201) throw new Error("imposter not created");
    await signIn(session.page, platform);
    await session.page.getByText("1 of 1 imposter", { exact: true }).waitFor();
  }, 120_000);

  afterAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = join(SCREENSHOTS, "metrics.json");
    const earlier = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    const metrics = { ...earlier, ...session.metrics, bundle: bundleSize(join(ROOT, "dashboard/dist")) };
    writeFileSync(file, `${JSON.stringify(metrics, null, 2)}\n`);
    await session.browser?.close();
    await session.platform?.stop();
  });
  return session;
}
