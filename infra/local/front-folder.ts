import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The folder of workerd's private unix socket behind the keep-alive relay: `mockctl-front-<pid>-XXXXXX`
 * in the system's temporary folder, named for the process that made it (the launcher), because a
 * launcher killed with SIGKILL cannot remove it and only the name can then tell whose it was.
 */
const PREFIX = "mockctl-front-";
const OWNED = /^mockctl-front-(\d+)-[A-Za-z0-9]+$/;

/** Whether a process with this pid exists (EPERM: it does, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the socket folders in `root` whose launcher is gone. A live launcher's folder stays (two platforms
 * may run at once), and so does one named before the pid was in the name, whose owner cannot be told. A
 * recycled pid keeps a dead launcher's folder until that process exits too: the safe way to be wrong.
 */
export function removeOrphanedFolders(root = tmpdir()): string[] {
  const orphaned = readdirSync(root).filter((name) => {
    const pid = OWNED.exec(name)?.[1];
    return pid !== undefined && Number(pid) !== process.pid && !running(Number(pid));
  });
  for (const name of orphaned) rmSync(join(root, name), { recursive: true, force: true });
  return orphaned;
}

/**
 * A unix socket path in a folder of its own, which only this user may enter (mkdtemp's 0700); short: a
 * socket path has at most 107 bytes.
 */
export function privateSocket(root = tmpdir(), name = "front.sock"): { path: string; remove(): void } {
  removeOrphanedFolders(root);
  const dir = mkdtempSync(join(root, `${PREFIX}${process.pid}-`));
  return { path: join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
