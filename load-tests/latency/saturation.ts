import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWrk, runWrk } from "@mockctl/infra/bench/wrk";
import type { RequestSpec } from "../fixtures/types.ts";
import type { LatencyTarget, Saturation } from "../report/latency-model.ts";
import type { Pinning } from "../runner/cpu-pin.ts";

/** wrk's settings for a saturated rate: bench:platform's (one thread, 50 connections). */
export const WRK = { threads: 1, connections: 50 };

/**
 * Puts wrk on the load generator's CPU, as k6 is: infra/bench/wrk.ts spawns `wrk` from the PATH, and the
 * runner's own affinity (the targets' CPU) would otherwise be inherited. Returns wrk's version.
 */
export function prepareWrk(pinning: Pinning | undefined): string {
  if (pinning !== undefined) {
    const dir = mkdtempSync(join(tmpdir(), "mockctl-wrk-"));
    const shim = join(dir, "wrk");
    writeFileSync(shim, `#!/bin/sh\nexec taskset -c ${pinning.k6Cpu} /usr/bin/wrk "$@"\n`);
    chmodSync(shim, 0o755);
    process.env.PATH = `${dir}:${process.env.PATH ?? ""}`;
  }
  return ensureWrk();
}

/** wrk sends a GET, or a POST with the body (infra/bench/summary.lua): only such requests can be measured. */
export function wrkCanSend(request: RequestSpec): boolean {
  return request.method === "GET" || (request.method === "POST" && request.body !== undefined);
}

export async function saturate(
  target: LatencyTarget,
  url: string,
  request: RequestSpec,
  seconds: number,
): Promise<Saturation> {
  const result = await runWrk(url, {
    ...WRK,
    seconds,
    ...(request.headers === undefined ? {} : { headers: request.headers }),
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const { connect, read, write, status, timeout } = result.errors;
  return {
    target,
    rps: result.rps,
    p50: result.latencyUs.p50 / 1000,
    p99: result.latencyUs.p99 / 1000,
    errors: connect + read + write + status + timeout,
  };
}
