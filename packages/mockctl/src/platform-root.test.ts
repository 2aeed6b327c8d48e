import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LAUNCHER_NODE_FLAGS, platformRoot } from "./platform-root.ts";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));

// `mockctl dev` and `npm start` must start the same launcher the same way: the Node flags are part of
// what the memory figures in infra/bench/START.md were measured with.
describe("platformRoot", () => {
  it("starts a checkout's launcher with the flags package.json's start gives it", () => {
    const start = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).scripts.start as string;
    const { launcher } = platformRoot({ MOCKCTL_PLATFORM_ROOT: REPO });
    expect(start).toBe(`node ${LAUNCHER_NODE_FLAGS.join(" ")} infra/local/start.mjs`);
    expect(launcher).toEqual([...LAUNCHER_NODE_FLAGS, join(REPO, "infra/local/start.mjs")]);
  });

  it("starts a packed platform's compiled launcher with the same flags", () => {
    const packed = mkdtempSync(join(tmpdir(), "mockctl-packed-"));
    mkdirSync(join(packed, "infra/local"), { recursive: true });
    writeFileSync(join(packed, "infra/local/cli.mjs"), "");
    const { launcher, root } = platformRoot({ MOCKCTL_PLATFORM_ROOT: packed });
    expect([root, launcher]).toEqual([packed, [...LAUNCHER_NODE_FLAGS, join(packed, "infra/local/cli.mjs")]]);
  });
});
