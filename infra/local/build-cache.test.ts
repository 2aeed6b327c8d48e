import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildKey } from "./build-cache.ts";

const root = mkdtempSync(join(tmpdir(), "mockctl-build-key-"));
const config = join(root, "workers/edge/wrangler.jsonc");
mkdirSync(join(root, "workers/edge/src"), { recursive: true });
mkdirSync(join(root, "packages/core/src"), { recursive: true });
mkdirSync(join(root, "migrations"), { recursive: true });
const write = (path: string, text: string) => writeFileSync(join(root, path), text);
write("workers/edge/wrangler.jsonc", "{}");
write("workers/edge/src/index.ts", "export default {};");
write("packages/core/src/index.ts", "export {};");
write("package-lock.json", "{}");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const vars = { ALLOW_INJECTION: "false", API_KEY: "" };
const key = (v = vars) => buildKey(root, { configs: [config], vars: v });

describe("the build's cache key", () => {
  it("is the same while no input changes", () => {
    expect(key()).toBe(key());
  });

  it.each([
    ["a Worker's source", "workers/edge/src/index.ts"],
    ["its wrangler config", "workers/edge/wrangler.jsonc"],
    ["a workspace package it bundles", "packages/core/src/index.ts"],
    ["a new D1 migration", "migrations/0001_new.sql"],
    ["the lockfile (wrangler, Miniflare, workerd versions)", "package-lock.json"],
  ])("changes with %s", (_, path) => {
    const before = key();
    write(path, `// changed ${Math.random()}`);
    expect(key()).not.toBe(before);
  });

  it("changes with the flags baked into the config, and ignores tests and node_modules", () => {
    const before = key();
    expect(key({ ...vars, API_KEY: "k" })).not.toBe(before);
    const traced = buildKey(root, { configs: [config], vars, extraV8Flags: ["--trace-gc"] });
    expect(traced).not.toBe(before);
    expect(buildKey(root, { configs: [config], vars, extraV8Flags: [] })).toBe(before);
    mkdirSync(join(root, "workers/edge/node_modules"), { recursive: true });
    write("workers/edge/node_modules/x.js", "1");
    write("workers/edge/src/index.test.ts", "1");
    expect(key()).toBe(before);
  });
});
