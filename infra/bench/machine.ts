import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const WORKERD_PACKAGE = fileURLToPath(new URL("../../node_modules/workerd/package.json", import.meta.url));

/** What a reader needs to judge the numbers: the machine, the runtime, and how busy it was. */
export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  workerd: string;
  wrk: string;
  /** 1, 5 and 15 minute load averages when measuring started and when it ended. */
  loadStart: number[];
  loadEnd?: number[];
}

const rounded = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);

export function currentLoad(): number[] {
  return rounded(loadavg());
}

export function describeMachine(wrk: string): Machine {
  const { version } = JSON.parse(readFileSync(WORKERD_PACKAGE, "utf8")) as { version: string };
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    node: process.version,
    workerd: version,
    wrk,
    loadStart: currentLoad(),
  };
}

/**
 * The machine is shared: waits (up to `maxWaitS`) until the 1-minute load average drops below
 * `threshold`, checking every 15 s. Returns the load it settled for; measuring goes on either way.
 */
export async function waitForQuiet(threshold: number, maxWaitS: number): Promise<number> {
  const deadline = Date.now() + maxWaitS * 1000;
  let load = currentLoad()[0] ?? 0;
  while (load >= threshold && Date.now() < deadline) {
    console.log(`load average ${load} ≥ ${threshold}: waiting for a quieter machine`);
    await new Promise((done) => setTimeout(done, 15_000));
    load = currentLoad()[0] ?? 0;
  }
  return load;
}
