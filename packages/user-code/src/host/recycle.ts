// Recycling an idle user-code host that grew. workerd keeps native memory per call through its Worker
// Loader (measured 2026-11-24: ~1.5 KB per call on the host's socket, ~4 KB per call through the edge:
// 25 MB idle, 187 MB after 60 s at ~630 calls/s), outside V8's heap (a 48 MB --max-old-space-size did not
// stop it), so no V8 flag bounds it and it stays after the load. A host above RECYCLE_ABOVE_MB that used
// no CPU for one interval, or above RECYCLE_BUSY_ABOVE_MB however busy (the soak's continuous `decorate`
// grew it 105 → 250 MB), is replaced by an empty one (supervisor.ts); the next call sends its code again.
import { readFileSync } from "node:fs";

/** PSS above which an idle host is replaced: after its first call it holds 15-26 MB. */
export const RECYCLE_ABOVE_MB = 48;
/** PSS above which a host is replaced even under load, where it is never idle. */
export const RECYCLE_BUSY_ABOVE_MB = 128;
/** Idle means: no CPU time used during one whole interval. */
export const IDLE_INTERVAL_MS = 3_000;

/** CPU time (clock ticks) and PSS (kB) of a process, from /proc; undefined off Linux or once it exited. */
export function usage(pid: number): { cpuTicks: number; pssKb: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name, which may hold spaces and parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const pss = /^Pss:\s+(\d+)/m.exec(rollup);
    // utime and stime: fields 14 and 15 of stat(5), 12 and 13 after the name and state are cut.
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    if (pss === null || !Number.isFinite(cpuTicks)) return undefined;
    return { cpuTicks, pssKb: Number(pss[1]) };
  } catch {
    return undefined;
  }
}

export interface RecycleOptions {
  aboveMb?: number;
  busyAboveMb?: number;
  intervalMs?: number;
}

/** One look at the host: its pid, CPU time and PSS. */
export interface Look {
  pid: number;
  cpuTicks: number;
  pssKb: number;
}

/**
 * Recycle when the same process used no CPU since the previous look and holds more than `aboveKb`, or
 * holds more than `busyAboveKb` whatever it does.
 */
export function shouldRecycle(
  previous: Look | undefined,
  now: Look,
  aboveKb: number,
  busyAboveKb = Number.POSITIVE_INFINITY,
): boolean {
  const idle = previous?.pid === now.pid && previous.cpuTicks === now.cpuTicks;
  return (idle && now.pssKb > aboveKb) || now.pssKb > busyAboveKb;
}

/**
 * Every interval, calls `recycle` when the process `pid()` names was idle and large, or very large
 * (shouldRecycle).
 * Returns the function that stops watching. The timer never keeps the launcher alive.
 */
export function recycleWhenIdle(
  pid: () => number | undefined,
  recycle: () => Promise<void>,
  {
    aboveMb = RECYCLE_ABOVE_MB,
    busyAboveMb = RECYCLE_BUSY_ABOVE_MB,
    intervalMs = IDLE_INTERVAL_MS,
  }: RecycleOptions = {},
): () => void {
  let previous: Look | undefined;
  let recycling = false;
  const timer = setInterval(() => {
    const current = pid();
    const read = current === undefined || recycling ? undefined : usage(current);
    const now = current === undefined || read === undefined ? undefined : { pid: current, ...read };
    if (now === undefined || !shouldRecycle(previous, now, aboveMb * 1024, busyAboveMb * 1024)) {
      previous = now;
      return;
    }
    previous = undefined;
    recycling = true;
    recycle().finally(() => {
      recycling = false;
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
