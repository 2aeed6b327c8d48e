import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { privateSocket, removeOrphanedFolders } from "./front-folder.ts";

// A launcher killed with SIGKILL leaves its socket folder in /tmp; the next start removes it, and only
// it: another platform may be running from the same /tmp at the same time.
const root = mkdtempSync(join(tmpdir(), "mockctl-front-folder-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited (the kernel gives pids in turn, so it is not reused at once). */
const deadPid = (): number => spawnSync(process.execPath, ["-e", ""]).pid as number;

function folder(name: string, withSocket = false): string {
  mkdirSync(join(root, name));
  if (withSocket) writeFileSync(join(root, name, "front.sock"), "");
  return name;
}

describe("the relay's socket folders", () => {
  it("are named for the launcher's pid, and removed with the socket when it stops", () => {
    const socket = privateSocket(root);
    expect(basename(dirname(socket.path))).toMatch(new RegExp(`^mockctl-front-${process.pid}-\\w{6}$`));
    socket.remove();
    expect(existsSync(dirname(socket.path))).toBe(false);
  });

  it("of a launcher that is gone are removed on the next start; a live one's and others stay", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    try {
      const kept = [
        folder(`mockctl-front-${other.pid}-aB3dE9`, true), // another platform, running
        folder(`mockctl-front-${process.pid}-Xy12Zq`), // this process's own
        folder("mockctl-front-Qw8rTy"), // named before the pid was: whose, cannot be told
        folder("mockctl-front-socket-k2j3h4"), // not ours at all
      ];
      const orphans = [
        folder(`mockctl-front-${deadPid()}-s0ck3t`, true),
        folder(`mockctl-front-${deadPid()}-emp7y0`),
      ];
      expect(removeOrphanedFolders(root).sort()).toEqual(orphans.sort());
      const socket = privateSocket(root);
      expect(readdirSync(root).sort()).toEqual([...kept, basename(dirname(socket.path))].sort());
      socket.remove();
    } finally {
      other.kill("SIGKILL");
    }
  });
});
