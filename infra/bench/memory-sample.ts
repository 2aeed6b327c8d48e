import { readFileSync } from "node:fs";
import { tcmalloc } from "./memory-tcmalloc.ts";
import { memoryOfTree } from "./processes.ts";

/**
 * One look at the platform after `requests` requests, in MB: each workerd's PSS, the platform workerd's
 * anonymous memory (its own: PSS also shares the binary's pages with every other workerd on the machine,
 * which moves it on a shared machine), and its allocator.
 */
export interface Sample {
  requests: number;
  workerd: number;
  anonymous: number;
  host: number;
  allocatedMb?: number;
  heapMb?: number;
}

/** The platform's workerd runs a `.capnp.bin` config; the user-code host its own `host.capnp`. */
function isHost(pid: number, name: string): boolean {
  if (name !== "workerd") return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("host.capnp");
  } catch {
    return false;
  }
}

function anonymousKb(pid: number): number {
  try {
    return Number(/^Anonymous:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** `withAllocator`: also read workerd's tcmalloc numbers (gdb stops it for a moment; done at the end). */
export function sample(root: number, requests: number, withAllocator: boolean): Sample {
  const tree = memoryOfTree(root).filter((p) => p.name === "workerd");
  const host = tree.find((p) => isHost(p.pid, p.name));
  const platform = tree.find((p) => p !== host);
  const heap = withAllocator && platform !== undefined ? tcmalloc(platform.pid) : undefined;
  return {
    requests,
    workerd: (platform?.pssKb ?? 0) / 1024,
    anonymous: platform === undefined ? 0 : anonymousKb(platform.pid) / 1024,
    host: (host?.pssKb ?? 0) / 1024,
    allocatedMb: heap?.allocatedMb,
    heapMb: heap?.heapMb,
  };
}

const mb = (n: number | undefined) => (n === undefined ? "–" : n.toFixed(1));

/**
 * One row per repetition: workerd's anonymous memory at each sample, its PSS and the host's at the end, the
 * allocator at the end.
 */
export function samplesTable(runs: Sample[][]): string {
  const points = runs[0]?.map((s) => s.requests).join(" / ") ?? "";
  const rows = runs.map((samples, r) => {
    const last = samples.at(-1);
    const trace = samples.map((s) => mb(s.anonymous)).join(" → ");
    const end = [last?.workerd, last?.host, last?.allocatedMb, last?.heapMb].map(mb).join(" | ");
    return `| ${r + 1} | ${trace} | ${end} |`;
  });
  return [
    `| run | workerd anonymous (MB) after ${points} requests | workerd PSS at the end | user-code host PSS | tcmalloc allocated | tcmalloc heap |`,
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}
