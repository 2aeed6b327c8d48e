import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { StartRefused } from "./start-failure.ts";

/** The file a running platform holds in its data folder. */
export const LOCK_FILE = ".mockctl.lock";

interface Holder {
  pid: number;
  /** The process's start time in clock ticks (/proc/<pid>/stat), so a recycled pid is not taken for it. */
  started: string | null;
}

function startTime(pid: number): string | null {
  try {
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function alive({ pid, started }: Holder): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
  return started === null || startTime(pid) === started;
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
      `cannot create the data folder ${dir} (${code}); give --data a folder you can write`,
    );
  }
}

function holderOf(lock: string): Holder | undefined {
  try {
    const held = JSON.parse(readFileSync(lock, "utf8")) as Partial<Holder>;
    return typeof held.pid === "number" ? { pid: held.pid, started: held.started ?? null } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data folder for this process, or refuses: two platforms on one folder each keep their own
 * objects in memory over the same files, and answer differently without a word (a port "in use" that
 * one never created, a deleted imposter that the other still serves). A lock left by a process that is
 * gone is taken over. Returns the release.
 */
export function lockDataFolder(dir: string): () => void {
  const lock = join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, started: startTime(process.pid) };
  // Written whole beside it, then linked into place: a link fails if the lock exists, and no one reads half.
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (linked(mine, lock)) {
        return () => {
          if (holderOf(lock)?.pid === me.pid) rmSync(lock, { force: true });
        };
      }
      const holder = holderOf(lock);
      if (holder !== undefined && alive(holder)) {
        throw new StartRefused(
          `the data folder ${dir} is in use by another platform (pid ${holder.pid}); give each platform its own --data`,
        );
      }
      rmSync(lock, { force: true });
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new StartRefused(`could not take the data folder ${dir}: another platform is starting on it`);
}

function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "EEXIST") return false;
    throw error;
  }
}
