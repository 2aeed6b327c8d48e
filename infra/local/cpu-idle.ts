import { readFileSync } from "node:fs";
import { cpus } from "node:os";

/**
 * The share of time the CPUs this process may run on (its affinity, so a platform started under `taskset`
 * counts its own core) were idle since the last call; undefined on the first.
 */
export function idleSampler(): () => number | undefined {
  const allowed = allowedCpus();
  let last: { idle: number; total: number } | undefined;
  return () => {
    let idle = 0;
    let total = 0;
    cpus().forEach((cpu, index) => {
      if (allowed !== undefined && !allowed.has(index)) return;
      const { user, nice, sys, idle: free, irq } = cpu.times;
      idle += free;
      total += user + nice + sys + free + irq;
    });
    const before = last;
    last = { idle, total };
    if (before === undefined || total <= before.total) return undefined;
    return (idle - before.idle) / (total - before.total);
  };
}

/** Linux's list of the CPUs this process may use ("0-1,3"); undefined elsewhere (every CPU). */
function allowedCpus(): Set<number> | undefined {
  try {
    const status = readFileSync("/proc/self/status", "utf8");
    const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1];
    if (list === undefined) return undefined;
    const allowed = new Set<number>();
    for (const range of list.split(",")) {
      const [from, to = from] = range.split("-").map(Number);
      for (let cpu = from ?? 0; cpu <= (to ?? 0); cpu++) allowed.add(cpu);
    }
    return allowed;
  } catch {
    return undefined;
  }
}
