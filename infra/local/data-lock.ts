import { randomBytes } from "node:crypto";
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { StartRefused } from "./start-failure.ts";

/** The file a running platform holds in its data folder. */
export const LOCK_FILE = ".mockctl.lock";

interface Holder {
  pid: number;
  /** The process's start time in clock ticks (/proc/<pid>/stat), so a recycled pid is not taken for it. */
  started: string | null;
  /** The kernel's boot id: a lock from before a reboot is stale whatever process has its pid now. */
  boot: string | null;
  /** This lock's own, so a release or a takeover never removes another's. */
  token: string;
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return null;
  }
};

function startTime(pid: number): string | null {
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const stat = read(`/proc/${pid}/stat`);
  return stat === null ? null : (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null);
}

const BOOT = read("/proc/sys/kernel/random/boot_id");

function alive({ pid, started, boot }: Holder): boolean {
  if (boot !== null && BOOT !== null && boot !== BOOT) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: some process has the pid (a root daemon after a reboot, say); its start time tells if it is ours.
    if ((error as { code?: string }).code !== "EPERM") return false;
  }
  const now = startTime(pid);
  return started === null || now === null || now === started;
}

/**
 * Creates the data folder one level at a time: Node's recursive mkdir never returns for a path under /proc
 * (it retries the parent forever), and its errors name no folder a user gave.
 */
export function makeDataFolder(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  while (!existsSync(at)) {
    missing.unshift(at);
    at = dirname(at);
  }
  if (!statSync(at).isDirectory())
    throw new StartRefused(`cannot use ${dir} as the data folder: ${at} is a file`);
  try {
    for (const folder of missing) mkdirSync(folder);
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    throw new StartRefused(
      `cannot create the data folder ${dir} (${code})`,
      "give --data a folder you can write",
    );
  }
}

/** The lock's holder; one not yet readable whole (written in place, a second ago) counts as held. */
function holderOf(lock: string): Holder | "unreadable" | undefined {
  const text = read(lock);
  if (text === null) return undefined;
  try {
    const held = JSON.parse(text) as Partial<Holder>;
    if (typeof held.pid === "number" && typeof held.token === "string") {
      return { pid: held.pid, started: held.started ?? null, boot: held.boot ?? null, token: held.token };
    }
  } catch {}
  try {
    return Date.now() - statSync(lock).mtimeMs < 5_000 ? "unreadable" : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts `text` at `lock` unless a lock is there: written whole beside it and linked into place, so no one
 * reads half of it; where the file system has no hard links (FAT, some shared folders), created in place.
 */
function create(lock: string, text: string): boolean {
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, text);
  try {
    linkSync(mine, lock);
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EEXIST") return false;
    try {
      writeFileSync(lock, text, { flag: "wx" });
      return true;
    } catch (inPlace) {
      if ((inPlace as { code?: string }).code === "EEXIST") return false;
      throw inPlace;
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

/**
 * Moves a stale lock out of the way: renamed first, which only one of two starts racing for it can do,
 * and put back if what was renamed is not the stale one read (another start took the folder meanwhile).
 */
function removeStale(lock: string, stale: Holder | undefined, token: string): void {
  const aside = `${lock}.stale-${token}`;
  try {
    renameSync(lock, aside);
  } catch {
    return;
  }
  const moved = holderOf(aside);
  const same =
    stale === undefined ? moved === undefined : moved !== "unreadable" && moved?.token === stale.token;
  if (!same) {
    try {
      linkSync(aside, lock);
    } catch {}
  }
  rmSync(aside, { force: true });
}

/**
 * Takes the data folder for this process, or refuses: two platforms on one folder each keep their own
 * objects in memory over the same files, and answer differently without a word (a port "in use" that
 * one never created, a deleted imposter that the other still serves). A lock left by a process that is
 * gone (or from before a reboot) is taken over. Returns the release.
 */
export function lockDataFolder(dir: string): () => void {
  const lock = join(dir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    started: startTime(process.pid),
    boot: BOOT,
    token: randomBytes(8).toString("hex"),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(lock, JSON.stringify(me))) {
      return () => {
        const holder = holderOf(lock);
        if (holder !== "unreadable" && holder?.token === me.token) rmSync(lock, { force: true });
      };
    }
    const holder = holderOf(lock);
    if (holder === "unreadable" || (holder !== undefined && alive(holder))) {
      const who = holder === "unreadable" ? "another platform" : `another platform (pid ${holder.pid})`;
      throw new StartRefused(
        `the data folder ${dir} is in use by ${who}`,
        `give each platform its own --data (if none is running, delete ${lock})`,
      );
    }
    removeStale(lock, holder, me.token);
  }
  throw new StartRefused(`could not take the data folder ${dir}: another platform is starting on it`);
}
