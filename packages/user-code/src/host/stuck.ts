// Telling a stuck user-code host from a busy one. workerd runs the host's isolates on its main thread, whose
// read and write calls (requests in, answers out on its sockets) stop entirely while a function loops
// synchronously. A host that is merely behind a queue of calls keeps making them, even when it gets too
// little CPU to answer a ping in time: in a burst past its rate on one core (800 decorates/s, the edge on
// the same core), the old check reniced it to 19 and pinged it, the pings timed out, and the host was killed
// eight times in 20 s with the calls it held (user-code-hop README, section 7). Measured on the main thread:
// 253 calls in 200 ms at 300 calls/s, none while `while (true) {}` ran, none idle (an idle host answers its
// ping at once).
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** How long the main thread is watched for read or write calls before the host is pinged. */
export const PROGRESS_WINDOW_MS = 200;

/** Read and write calls the process's main thread has made so far, from /proc; undefined off Linux. */
export function mainThreadIoCalls(pid: number): number | undefined {
  try {
    const io = readFileSync(`/proc/${pid}/task/${pid}/io`, "utf8");
    const reads = /^syscr:\s+(\d+)/m.exec(io);
    const writes = /^syscw:\s+(\d+)/m.exec(io);
    if (reads === null || writes === null) return undefined;
    return Number(reads[1]) + Number(writes[1]);
  } catch {
    return undefined;
  }
}

/** Whether the main thread made a read or write call within `ms` (false where /proc cannot tell). */
export async function movesOn(pid: number, ms: number): Promise<boolean> {
  const before = mainThreadIoCalls(pid);
  if (before === undefined) return false;
  await sleep(ms);
  const after = mainThreadIoCalls(pid);
  return after !== undefined && after > before;
}

/** What the check needs of the host's process; the supervisor gives the real ones, tests their own. */
export interface HostProbes {
  /** Whether the main thread moves on within PROGRESS_WINDOW_MS. */
  movesOn(): Promise<boolean>;
  /** Whether the host answers a ping within its timeout. */
  answers(): Promise<boolean>;
  /** Lowers the host's CPU priority while it is suspected, so a loop yields the core; `false` restores it. */
  suspect(suspected: boolean): void;
}

/**
 * A host is stuck when its main thread made no read or write call for a while and it then answers no
 * ping. The ping runs at the lowest priority: a looping host yields the core to the front door meanwhile.
 */
export async function isStuck(probes: HostProbes): Promise<boolean> {
  if (await probes.movesOn()) return false;
  probes.suspect(true);
  if (await probes.answers()) {
    probes.suspect(false);
    return false;
  }
  return true;
}
