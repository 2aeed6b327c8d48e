import { readFileSync } from "node:fs";
import { memoryOfTree } from "@mockctl/infra/bench/processes";

/** One reading of every process of the platform: seconds since the load began, PSS in MB by role. */
export interface MemorySample {
  seconds: number;
  processes: { pid: number; role: string; pssMb: number }[];
}

export const USER_CODE_HOST_ROLE = "user-code host (workerd)";

/** What each process of `npm start` is: the Node launcher, the platform's workerd, the user-code host. */
export function roleOf(pid: number, name: string): string {
  if (name.startsWith("node")) return "launcher (node)";
  if (name !== "workerd") return name;
  let argv = "";
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {}
  // The user-code host is a bare workerd serving its own host.capnp (@mockctl/user-code/host).
  return argv.includes("host.capnp") ? USER_CODE_HOST_ROLE : "workerd";
}

export function sampleTree(root: number, seconds: number): MemorySample {
  const processes = memoryOfTree(root).map(({ pid, name, pssKb }) => ({
    pid,
    role: roleOf(pid, name),
    pssMb: pssKb / 1024,
  }));
  return { seconds, processes };
}

/** Samples the tree under `root` every `everyMs` from now until stopped. */
export function startSampling(root: number, everyMs: number): () => MemorySample[] {
  const started = performance.now();
  const samples: MemorySample[] = [sampleTree(root, 0)];
  const timer = setInterval(() => {
    samples.push(sampleTree(root, (performance.now() - started) / 1000));
  }, everyMs);
  return () => {
    clearInterval(timer);
    samples.push(sampleTree(root, (performance.now() - started) / 1000));
    return samples;
  };
}
