import { readFileSync } from "node:fs";

/** Linux reports a thread's CPU time in these ticks a second (USER_HZ, fixed for /proc on every architecture). */
const USER_HZ = 100;
/**
 * A reading over less time than this is mostly rounding (the counters move in 10 ms ticks): asked sooner, the
 * sampler gives its last reading again.
 */
const MIN_SPAN_MS = 100;

/**
 * The share of one CPU that a process's main thread ran since the last reading, for workerd: its event loop,
 * which serves every request, is that thread (V8's compiler and collector run on others). 1 is a thread that
 * never waited. Undefined on the first call, after the process changed (a restart), or where /proc is not.
 */
export function busySampler(
  pid: () => number | undefined,
  ticksOf: (pid: number) => number | undefined = mainThreadTicks,
): () => number | undefined {
  let last: { pid: number; ticks: number; at: number } | undefined;
  let share: number | undefined;
  return () => {
    const id = pid();
    const at = performance.now();
    // Before the file is read: the line asks on every request that would widen it while workerd is saturated.
    if (id !== undefined && last?.pid === id && at - last.at < MIN_SPAN_MS) return share;
    const ticks = id === undefined ? undefined : ticksOf(id);
    if (id === undefined || ticks === undefined) {
      last = undefined;
      share = undefined;
      return share;
    }
    share = last?.pid === id ? ((ticks - last.ticks) * 1000) / USER_HZ / (at - last.at) : undefined;
    last = { pid: id, ticks, at };
    return share;
  };
}

/** User and system time of the thread whose id is the process's, in USER_HZ ticks; undefined when unreadable. */
function mainThreadTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "latin1");
    // The name (field 2) may hold spaces and parentheses: the fields are counted from its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return Number.isFinite(user) && Number.isFinite(system) ? user + system : undefined;
  } catch {
    return undefined;
  }
}
