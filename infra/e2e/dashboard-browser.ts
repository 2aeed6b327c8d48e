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

interface Size {
  files: number;
  raw: number;
  gzip: number;
}

function sizeOf(paths: string[]): Size {
  let raw = 0;
  let gzip = 0;
  for (const path of paths) {
    const bytes = readFileSync(path);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: paths.length, raw, gzip };
}

/**
 * The built dashboard's JavaScript and CSS, raw and gzipped: what the first render loads (the files
 * index.html names) and everything (the views loaded later: the editor with the core, the chart).
 */
export function bundleSize(dist: string): { initial: Size; all: Size } {
  const assets = join(dist, "assets");
  const all = existsSync(assets) ? readdirSync(assets).filter((f) => /\.(js|css)$/.test(f)) : [];
  const html = existsSync(join(dist, "index.html")) ? readFileSync(join(dist, "index.html"), "utf8") : "";
  const initial = all.filter((file) => html.includes(`/assets/${file}`));
  return {
    initial: sizeOf(initial.map((f) => join(assets, f))),
    all: sizeOf(all.map((f) => join(assets, f))),
  };
}
