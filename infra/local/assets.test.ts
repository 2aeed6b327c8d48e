import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtKey, ensureAssets, staleAssets } from "./assets.ts";

/** A repository with the smallest Vite app in `app/`, whose build is `app/dist`. */
function repository(): { root: string; dist: string; page: string } {
  const root = mkdtempSync(join(tmpdir(), "mockctl-assets-"));
  const app = join(root, "app");
  mkdirSync(app);
  writeFileSync(join(app, "vite.config.ts"), "export default { logLevel: 'warn' };\n");
  const page = join(app, "index.html");
  writeFileSync(page, "<!doctype html><title>one</title>\n");
  return { root, dist: join(app, "dist"), page };
}

describe("ensureAssets", () => {
  it("builds the app once per source state", async () => {
    const { root, dist, page } = repository();
    expect(await ensureAssets(root, dist)).toBe("built");
    expect(readFileSync(join(dist, "index.html"), "utf8")).toContain("one");
    expect(await ensureAssets(root, dist)).toBe("fresh");
    writeFileSync(page, "<!doctype html><title>two</title>\n");
    expect(await ensureAssets(root, dist)).toBe("built");
    expect(readFileSync(join(dist, "index.html"), "utf8")).toContain("two");
  }, 60_000);

  it("builds for production even when started under a test runner (NODE_ENV=test)", async () => {
    const { root, dist, page } = repository();
    writeFileSync(join(dirname(page), "main.js"), "document.title = process.env.NODE_ENV;\n");
    writeFileSync(page, '<!doctype html><script type="module" src="./main.js"></script>\n');
    expect(process.env.NODE_ENV).toBe("test");
    await ensureAssets(root, dist);
    const built = readdirSync(join(dist, "assets")).map((file) =>
      readFileSync(join(dist, "assets", file), "utf8"),
    );
    expect(built.join("\n")).toMatch(/document\.title ?= ?[`"]production[`"]/);
    expect(process.env.NODE_ENV).toBe("test");
  }, 60_000);

  it("serves a folder as it is when nothing builds it, and says so when it is missing", async () => {
    const root = mkdtempSync(join(tmpdir(), "mockctl-assets-"));
    const plain = join(root, "public", "dist");
    mkdirSync(plain, { recursive: true });
    expect(await ensureAssets(root, plain)).toBe("fresh");
    await expect(ensureAssets(root, join(root, "none", "dist"))).rejects.toThrow(/does not exist/);
    expect(existsSync(join(plain, ".source-key"))).toBe(false);
  });
});

describe("staleAssets", () => {
  it("names a folder whose build is not the one recorded, and one never built", async () => {
    const { root, dist } = repository();
    await ensureAssets(root, dist);
    const key = builtKey(dist) ?? "";
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    const never = join(root, "never", "dist");
    expect(staleAssets({ [dist]: key })).toEqual([]);
    expect(staleAssets({ [dist]: "another-checkout", [never]: key })).toEqual([dist, never]);
  }, 60_000);

  it("keeps a prebuilt folder with no stamp (the published package's) fresh, as recorded", () => {
    const prebuilt = join(mkdtempSync(join(tmpdir(), "mockctl-assets-")), "dist");
    mkdirSync(prebuilt);
    writeFileSync(join(prebuilt, "index.html"), "<!doctype html>\n");
    expect(staleAssets({ [prebuilt]: builtKey(prebuilt) ?? "" })).toEqual([]);
  });
});
