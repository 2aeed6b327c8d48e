import { cpus, loadavg, release, type } from "node:os";
import type { Machine } from "./model.ts";

/** What a reader needs to compare two reports: the numbers only mean something on the same machine. */
export function describeMachine(k6Version: string, mountebankVersion: string): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? "unknown CPU",
    cores: cores.length,
    os: `${type()} ${release()}`,
    node: process.version,
    k6: k6Version,
    mountebank: mountebankVersion,
    // Other work on the machine takes cores from both k6 and the target: a busy machine means low numbers.
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}
