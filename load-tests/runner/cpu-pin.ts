import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * Where the load generator and the servers run. On a small shared machine k6 and the server under test
 * compete for the same cores, so whichever wins the scheduler skews the numbers. With two or more cores the
 * runner pins itself (and so every server it starts, which inherit its affinity) to CPU 0 and k6 to CPU 1:
 * each target gets one whole core, as a single-threaded mb or workerd isolate would use anyway.
 */
export interface Pinning {
  serverCpu: number;
  k6Cpu: number;
}

export function describePinning(pinning: Pinning | undefined): string {
  return pinning === undefined
    ? "k6 and the target share every core"
    : `the target pinned to CPU ${pinning.serverCpu}, k6 to CPU ${pinning.k6Cpu}`;
}

/** Pins this process's threads now; undefined (no pinning) when asked not to or when it cannot. */
export function pinRunner(wanted: boolean, cpus = availableParallelism()): Pinning | undefined {
  if (!wanted || cpus < 2) return undefined;
  const pinning = { serverCpu: 0, k6Cpu: 1 };
  try {
    execFileSync("taskset", ["-a", "-pc", String(pinning.serverCpu), String(process.pid)], {
      stdio: "ignore",
    });
    return pinning;
  } catch {
    return undefined; // no taskset (util-linux): run unpinned and say so in the report
  }
}

/** The command line that starts k6 on its own CPU. */
export function k6Command(k6: string, args: string[], pinning: Pinning | undefined): [string, string[]] {
  return pinning === undefined ? [k6, args] : ["taskset", ["-c", String(pinning.k6Cpu), k6, ...args]];
}
