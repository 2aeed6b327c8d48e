import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`, done by .ci/run when missing); no browser is downloaded. */
export const CHROMIUM = process.env.MOCKCTL_CHROMIUM ?? "/usr/bin/chromium";

/** Where the run's screenshots go; `MOCKCTL_SCREENSHOTS=docs/screenshots` refreshes the committed ones. */
export const SCREENSHOTS = process.env.MOCKCTL_SCREENSHOTS ?? join(tmpdir(), "mockctl-dashboard-e2e");

export async function launch(): Promise<Browser> {
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}

export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Milliseconds from navigation start to the app's first frame (main.tsx marks it). */
export async function firstRenderMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName("mockctl:first-render").length > 0);
  return page.evaluate(
    () => performance.getEntriesByName("mockctl:first-render")[0]?.startTime ?? Number.NaN,
  );
}

/** The built dashboard's bytes, raw and gzipped, JavaScript and CSS (what a first visit downloads at most). */
export function bundleSize(dist: string): { files: number; raw: number; gzip: number } {
  const assets = join(dist, "assets");
  const files = existsSync(assets) ? readdirSync(assets).filter((f) => /\.(js|css)$/.test(f)) : [];
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(assets, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}
