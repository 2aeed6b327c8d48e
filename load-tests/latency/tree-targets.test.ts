import { describe, expect, it } from "vitest";
import { treeTarget } from "./tree-targets.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

describe("treeTarget", () => {
  it("starts another checkout's npm start there, with its own package.json's node flags", () => {
    const target = treeTarget(`other=${ROOT}`);
    expect(target.id).toBe("other");
    expect(target.cwd).toBe(ROOT);
    const argv = target.argv(4000, "/tmp/d");
    expect(argv[0]).toBe(process.execPath);
    expect(argv).toContain("infra/local/start.mjs");
    // Its imposters stay at their URLs: Mountebank runs beside it on the same imposter ports.
    expect(argv.slice(-6)).toEqual([
      "--port",
      "4000",
      "--data",
      "/tmp/d",
      "--noImposterPorts",
      "--allowInjection",
    ]);
  });

  it("replaces the node flags with the ones given after the colon", () => {
    const argv = treeTarget(`bare=${ROOT}:--max-semi-space-size=4,--trace-gc`).argv(1, "/d");
    expect(argv.slice(0, 4)).toEqual([
      process.execPath,
      "--max-semi-space-size=4",
      "--trace-gc",
      "infra/local/start.mjs",
    ]);
  });

  it("runs without node flags when the colon gives none", () => {
    expect(treeTarget(`bare=${ROOT}:`).argv(1, "/d").slice(0, 2)).toEqual([
      process.execPath,
      "infra/local/start.mjs",
    ]);
  });

  it("refuses a spec without a name", () => {
    expect(() => treeTarget(ROOT)).toThrow(/name=<checkout>/);
  });
});
