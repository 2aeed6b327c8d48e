import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtKey } from "./assets.ts";
import { ensureBuild } from "./build-cache.ts";
import { repositoryRoot } from "./layout.ts";
import { adminVars, DEFAULT_CONFIGS } from "./platform.ts";

// `npm start`'s own vars, so the plain build is the one the other tests share: one extra build, not two.
const vars = adminVars({});

/** The capnp config holds each flag as its bytes: the order they appear in is the order workerd gets them. */
function flagsIn(config: string, flags: string[]): number[] {
  const bytes = readFileSync(config).toString("latin1");
  return flags.map((flag) => bytes.indexOf(flag));
}

describe("workerd's V8 flags in the build", () => {
  it("are the platform's own, then MOCKCTL_WORKERD_V8_FLAGS's, in a build of their own", async () => {
    const plain = await ensureBuild(repositoryRoot(), DEFAULT_CONFIGS, vars);
    const traced = await ensureBuild(repositoryRoot(), DEFAULT_CONFIGS, vars, ["--trace-gc-nvp"]);
    expect(traced.dir).not.toBe(plain.dir);
    const [semiSpace, trace] = flagsIn(traced.config, ["--max-semi-space-size=1", "--trace-gc-nvp"]);
    expect(semiSpace).toBeGreaterThan(0);
    expect(trace).toBeGreaterThan(semiSpace as number);
    const [plainSemiSpace, plainTrace] = flagsIn(plain.config, ["--max-semi-space-size=1", "--trace-gc-nvp"]);
    expect(plainSemiSpace).toBeGreaterThan(0);
    expect(plainTrace).toBe(-1);
  }, 120_000);
});

describe("a cached build's static assets", () => {
  it("are recorded with the key they were built from, which the dashboard's folder holds", async () => {
    const { layout } = await ensureBuild(repositoryRoot(), DEFAULT_CONFIGS, vars);
    const dist = join(repositoryRoot(), "dashboard", "dist");
    expect(layout.assets).toEqual({ [dist]: builtKey(dist) });
  }, 120_000);
});
