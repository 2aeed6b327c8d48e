import { readFileSync } from "node:fs";
import { processTree } from "./processes.ts";

/** Linux's USER_HZ: /proc reports CPU time in ticks of 10 ms. */
const TICK_MS = 10;

/**
 * The fields of /proc/<pid>/stat (or of one thread's, /proc/<pid>/task/<tid>/stat) after the command name,
 * which is in parentheses and may hold spaces: the state is [0], minor faults [7], the CPU last run on [36].
 */
export function statFields(pid: number, tid?: number): string[] {
  const path = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
  const stat = readFileSync(path, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** User plus system CPU time of a process (all its threads), or of one of its threads, in ms. */
export function cpuMs(pid: number, tid?: number): number {
  const fields = statFields(pid, tid);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The workerd processes under this one now (the floor's, the platforms'), by pid. */
export function workerdPids(): number[] {
  return processTree(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
    } catch {
      return false;
    }
  });
}

/** The workerd process started since `known` was taken, added to `known` so the next call finds the next. */
export function newWorkerd(known: number[]): number {
  const pid = workerdPids().find((one) => !known.includes(one));
  if (pid === undefined) throw new Error("no new workerd process found");
  known.push(pid);
  return pid;
}

/** Every workerd process started since `known` was taken (a platform may run two), added to `known`. */
export function newWorkerds(known: number[]): number[] {
  const pids = workerdPids().filter((one) => !known.includes(one));
  if (pids.length === 0) throw new Error("no new workerd process found");
  known.push(...pids);
  return pids;
}

/** CPU µs per request over `run`, summed over `pids` (a server's workerd processes). */
export async function serverCpuPerRequest<T extends { requests: number }>(
  pids: readonly number[],
  run: () => Promise<T>,
): Promise<{ result: T; us: number }> {
  const named = Object.fromEntries(pids.map((pid) => [String(pid), pid]));
  const { result, usPerRequest } = await cpuPerRequest(named, run);
  return { result, us: pids.reduce((sum, pid) => sum + (usPerRequest[String(pid)] ?? 0), 0) };
}

/**
 * CPU spent per request by each named process over a measured stretch: the cost that stays the same
 * however busy the shared machine is (a rate does not), so two servers can be compared without a quiet machine.
 */
export async function cpuPerRequest<T extends { requests: number }>(
  pids: Record<string, number>,
  run: () => Promise<T>,
): Promise<{ result: T; usPerRequest: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const self = process.cpuUsage();
  const result = await run();
  const own = process.cpuUsage(self);
  const usPerRequest: Record<string, number> = {};
  const per = (ms: number) => Math.round((ms * 1000) / Math.max(result.requests, 1));
  for (const [name, pid] of Object.entries(pids)) usPerRequest[name] = per(cpuMs(pid) - (before[name] ?? 0));
  usPerRequest.self = per((own.user + own.system) / 1000);
  return { result, usPerRequest };
}
