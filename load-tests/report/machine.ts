import { execFileSync } from "node:child_process";
import { cpus, loadavg, release, type } from "node:os";
import { fileURLToPath } from "node:url";
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
    ...commitOf(),
  };
}

/** Which code the numbers belong to; nothing outside a git checkout. */
function commitOf(): { commit?: string } {
  try {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const described = execFileSync("git", ["describe", "--always", "--dirty"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return { commit: described.trim() };
  } catch {
    return {};
  }
}

/** ", mockctl <commit>" for the reports' "Measured …" line, or nothing for reports that did not keep one. */
export const commitNote = (machine: Machine): string =>
  machine.commit === undefined ? "" : `, mockctl at ${machine.commit}`;
