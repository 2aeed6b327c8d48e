import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
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
      `mockctl: the data folder ${dir} is in use by another platform (pid ${process.pid}); give each platform its own --data (if none is running, delete ${join(dir, LOCK_FILE)})`,
    );
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataFolder(dir)();
  });

  /** This process's start time as a lock records it. */
  const ours = () => {
    const dir = folder();
    const release = lockDataFolder(dir);
    const started = JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).started as string;
    release();
    return started;
  };
  it.each([
    ["a process that is gone", () => ({ pid: deadPid(), started: null, boot: null, token: "t" })],
    [
      "a pid now another process's (started at another time)",
      () => ({ pid: process.pid, started: "1", boot: null, token: "t" }),
    ],
    [
      "pid 1 after a reboot (kill(1, 0) may even be refused)",
      () => ({ pid: 1, started: "123456789", boot: null, token: "t" }),
    ],
    [
      "a live pid from before a reboot",
      () => ({ pid: process.pid, started: ours(), boot: "another-boot", token: "t" }),
    ],
  ])("takes over a lock left by %s", (_case, holder) => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder()));
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock that is not JSON once it is old, and refuses one being written", () => {
    const dir = folder();
    const lock = join(dir, LOCK_FILE);
    writeFileSync(lock, "half a lo");
    expect(() => lockDataFolder(dir)).toThrow("is in use by another platform");
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);
    lockDataFolder(dir)();
  });

  it("releases only its own lock", () => {
    const dir = folder();
    const release = lockDataFolder(dir);
    const lock = join(dir, LOCK_FILE);
    const other = { pid: process.pid, started: null, boot: null, token: "someone-else" };
    writeFileSync(lock, JSON.stringify(other));
    release();
    expect(JSON.parse(readFileSync(lock, "utf8")).token).toBe("someone-else");
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
