// `npx tsx load-tests/latency/tail-hops.ts [--rate 1100 --rounds 3 --seconds 10 --scenario json-body]`: where the platform's p99 at a
// quarter of Mountebank's rate goes (issue 8). k6 at a fixed rate against one plain stub, served four ways
// in turn, as the latency run pins them (this process and every server on CPU 0, k6 on CPU 1): Mountebank,
// the platform behind its keep-alive relay (in this process, as the latency run hosts it), the same
// platform's workerd on its own socket (no relay), and the hello-world floor.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startFloor } from "@mockctl/infra/floor";
import { startPlatform } from "@mockctl/infra/platform";
import { FLOOR_ANSWER } from "../fixtures/scenarios.ts";
import type { RequestSpec } from "../fixtures/types.ts";
import { pinRunner } from "../runner/cpu-pin.ts";
import { ensureK6 } from "../runner/k6-binary.ts";
import { LATENCY_SCENARIOS } from "./args.ts";
import { atRate } from "./fixed-rate.ts";
import { pickRequest } from "./measure.ts";

const { values: args } = parseArgs({
  options: {
    rate: { type: "string", default: "1100" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    // A latency-run scenario instead of the plain stub: its imposter, and the request the latency run sends.
    scenario: { type: "string" },
  },
});

const IMPOSTER_PORT = 4761;
const MB_PORT = 2765;
const PLAIN = { protocol: "http", port: IMPOSTER_PORT, stubs: [{ responses: [{ is: { body: "ok" } }] }] };
const PLAIN_REQUEST: RequestSpec = {
  name: "plain",
  method: "GET",
  path: "/",
  expect: { status: 200, body: "ok" },
};

/** The imposter and the request to send: the plain stub's, or a latency scenario's. */
function workload(id: string | undefined): { imposter: unknown; request: RequestSpec } {
  if (id === undefined) return { imposter: PLAIN, request: PLAIN_REQUEST };
  const scenario = LATENCY_SCENARIOS.find((one) => one.id === id);
  const fixture = scenario?.fixture;
  if (scenario === undefined || fixture === undefined) throw new Error(`no latency scenario ${id}`);
  const request = pickRequest(scenario, new Map([[fixture.id, IMPOSTER_PORT]]));
  if (request === undefined) throw new Error(`${id} has no request wrk and k6 can both send`);
  return { imposter: fixture.build(IMPOSTER_PORT), request };
}

const WORK = workload(args.scenario);

async function create(admin: string): Promise<void> {
  const answer = await fetch(`${admin}/imposters`, { method: "POST", body: JSON.stringify(WORK.imposter) });
  if (answer.status !== 201) throw new Error(`${admin}: ${answer.status} ${await answer.text()}`);
}

async function startMountebank(): Promise<() => void> {
  const logs = mkdtempSync(join(tmpdir(), "tail-hops-mb-"));
  const flags = ["--port", String(MB_PORT), "--loglevel", "warn", "--logfile", join(logs, "mb.log")];
  const mb = spawn("node_modules/.bin/mb", [...flags, "--pidfile", join(logs, "mb.pid")], {
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${MB_PORT}/`).then(
      () => true,
      () => false,
    );
    if (up) return () => mb.kill();
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("mb did not start");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const k6 = { ...(await ensureK6()), pinning: pinRunner(true) };
  const stopMb = await startMountebank();
  await create(`http://127.0.0.1:${MB_PORT}`);
  const data = () => mkdtempSync(join(tmpdir(), "tail-hops-"));
  const relayed = await startPlatform({ port: 0, dataDir: data() });
  const direct = await startPlatform({ port: 0, direct: true, dataDir: data() });
  const floor = await startFloor({ port: 0 });
  await create(relayed.url);
  await create(direct.url);
  const targets = {
    mountebank: `http://127.0.0.1:${IMPOSTER_PORT}${WORK.request.path}`,
    relay: `${relayed.url}/i/${IMPOSTER_PORT}${WORK.request.path}`,
    direct: `${direct.url}/i/${IMPOSTER_PORT}${WORK.request.path}`,
    floor: `${floor.url}${WORK.request.path}`,
  };
  const dir = mkdtempSync(join(tmpdir(), "tail-hops-k6-"));
  const rows: Record<string, number[][]> = {};
  try {
    for (let round = 1; round <= Number(args.rounds); round++) {
      for (const [name, url] of Object.entries(targets)) {
        const expect = name === "floor" ? FLOOR_ANSWER : WORK.request.expect;
        const load = { k6, dir, target: "platform" as const, seconds: Number(args.seconds) };
        const request = { ...WORK.request, name, path: url, expect };
        const point = await atRate({ ...load, request }, Number(args.rate), {
          basis: "mountebank",
          share: 0.25,
        });
        const runs = rows[name] ?? [];
        runs.push([point.p50, point.p90, point.p99, point.dropped]);
        rows[name] = runs;
        console.log(
          `round ${round} ${name}: p50 ${point.p50.toFixed(2)} p90 ${point.p90.toFixed(2)} p99 ${point.p99.toFixed(2)} ms, ${point.dropped} dropped`,
        );
      }
    }
  } finally {
    await floor.stop();
    await direct.stop();
    await relayed.stop();
    stopMb();
  }
  for (const [name, runs] of Object.entries(rows)) {
    const col = (i: number) => median(runs.map((r) => r[i]!)).toFixed(2);
    const p99s = runs.map((r) => r[2]!.toFixed(2)).join(", ");
    console.log(
      `${name.padEnd(11)} median p50 ${col(0)} p90 ${col(1)} p99 ${col(2)} ms (p99 by round: ${p99s})`,
    );
  }
}

await main();
process.exit(0);
