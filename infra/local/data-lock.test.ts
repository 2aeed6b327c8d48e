import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_FILE, lockDataFolder, makeDataFolder } from "./data-lock.ts";
import { StartRefused, startFailure } from "./start-failure.ts";

const folder = () => mkdtempSync(join(tmpdir(), "mockctl-lock-"));

/** A pid no process has any more: a child's, once it has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(child.stdout.trim());
}

describe("lockDataFolder", () => {
  it("refuses a second platform on a folder in use, naming the holder, and frees it on release", () => {
    const dir = folder();
    const release = lockDataFolder(dir);
    const refused = (() => {
      try {
        lockDataFolder(dir);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(StartRefused);
    expect(startFailure(refused)).toBe(
      `mockctl: the data folder ${dir} is in use by another platform (pid ${process.pid}); give each platform its own --data`,
    );
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataFolder(dir)();
  });

  it.each([
    ["a process that is gone", () => ({ pid: deadPid(), started: null })],
    ["a pid now another process's (started at another time)", () => ({ pid: process.pid, started: "1" })],
    ["a lock that is not JSON", () => "half a lock"],
  ])("takes over a lock left by %s", (_case, holder) => {
    const dir = folder();
    const left = holder();
    writeFileSync(join(dir, LOCK_FILE), typeof left === "string" ? left : JSON.stringify(left));
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    release();
  });
});

describe("makeDataFolder", () => {
  it("creates every missing level", () => {
    const dir = join(folder(), "a", "b", "c");
    makeDataFolder(dir);
    expect(existsSync(dir)).toBe(true);
  });

  it.each([
    // Node's recursive mkdir never returns here.
    [
      "a folder under /proc",
      "/proc/mockctl-nope/data",
      /^cannot create the data folder \/proc\/mockctl-nope\/data \(ENOENT\)/,
    ],
    ["a folder inside a file", "FILE/data", /^cannot use .*FILE\/data as the data folder: .*FILE is a file$/],
  ])("refuses %s in words", (_case, given, message) => {
    const base = folder();
    writeFileSync(join(base, "FILE"), "");
    const dir = given.startsWith("FILE") ? join(base, given) : given;
    expect(() => makeDataFolder(dir)).toThrow(StartRefused);
    expect(() => makeDataFolder(dir)).toThrow(message);
  });
});
