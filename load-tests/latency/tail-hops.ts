// `npx tsx load-tests/latency/tail-hops.ts [--rate 1100 --rounds 3 --seconds 10 --scenario json-body]
// [--only a,b] [name=<checkout>[:<node flags>] …]`: where the platform's p99 at a quarter of Mountebank's
// rate goes (issue 8). k6 at a fixed rate against one plain stub (or a latency scenario's imposter and
// request), served in turn by each target, pinned as the latency run pins them (this process and every
// server on CPU 0, k6 on CPU 1): Mountebank; `npm start` in a process of its own, as the latency run starts
// it (npm-start); the platform behind its keep-alive relay hosted in this process, as the latency run hosted
// it before (relay); the same platform's workerd on its own socket (direct); the hello-world floor; and
// `npm start` of each checkout named after the options (tree-targets.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launch } from "@mockctl/infra/bench/start-targets";
import { upperMedian } from "@mockctl/infra/bench/stats";
import { startFloor } from "@mockctl/infra/floor";
import { startPlatform } from "@mockctl/infra/platform";
import { FLOOR_ANSWER } from "../fixtures/scenarios.ts";
import type { RequestSpec } from "../fixtures/types.ts";
import { pinRunner } from "../runner/cpu-pin.ts";
import { ensureK6 } from "../runner/k6-binary.ts";
import { type Mountebank, startMountebank } from "../runner/mountebank.ts";
import { freePorts } from "../runner/ports.ts";
import { LATENCY_SCENARIOS } from "./args.ts";
import { atRate } from "./fixed-rate.ts";
import { pickRequest } from "./measure.ts";
import { treeTarget } from "./tree-targets.ts";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rate: { type: "string", default: "1100" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    // A latency-run scenario instead of the plain stub: its imposter, and the request the latency run sends.
    scenario: { type: "string" },
    // Only these targets (mountebank, npm-start, relay, direct, floor, or a checkout's name).
    only: { type: "string" },
  },
});

const IMPOSTER_PORT = 4761;
const HERE = fileURLToPath(new URL("../..", import.meta.url));
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

/** The runner's mb, refused when the port already answers: a stale mb (a killed run's) would answer for ours. */
async function mountebank(): Promise<Mountebank> {
  const stale = await fetch(`http://127.0.0.1:${MB_PORT}/`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`something already answers on port ${MB_PORT}`);
  return startMountebank(MB_PORT, mkdtempSync(join(tmpdir(), "tail-hops-mb-")));
}

const chosen = (name: string) => args.only === undefined || args.only.split(",").includes(name);

type Stop = () => Promise<void> | void;

/**
 * Every server, each stop pushed as soon as it runs: a failure anywhere (a checkout that does not start,
 * an imposter refused) stops them all, so none is left holding its port after this process has gone.
 */
async function startAll(stops: Stop[]): Promise<Record<string, string>> {
  stops.push((await mountebank()).stop);
  const data = () => mkdtempSync(join(tmpdir(), "tail-hops-"));
  const origins: Record<string, string> = {};
  // With user code allowed, as the latency run and the launched checkouts run it (decorate needs it).
  const relayed = await startPlatform({ port: 0, dataDir: data(), allowInjection: true });
  stops.push(relayed.stop);
  const direct = await startPlatform({ port: 0, direct: true, dataDir: data(), allowInjection: true });
  stops.push(direct.stop);
  const floor = await startFloor({ port: 0 });
  stops.push(floor.stop);
  // `npm start` of this checkout and of each one named on the command line, in processes of their own.
  const trees = [treeTarget(`npm-start=${HERE}`), ...positionals.map(treeTarget)].filter((t) => chosen(t.id));
  const ports = await freePorts(trees.length);
  for (const [i, tree] of trees.entries()) {
    const running = await launch(tree, ports[i]!, data());
    stops.push(running.stop);
    origins[tree.id] = running.origin;
  }
  Object.assign(origins, { relay: relayed.url, direct: direct.url });
  for (const origin of [`http://127.0.0.1:${MB_PORT}`, ...Object.values(origins)]) await create(origin);
  const path = `/i/${IMPOSTER_PORT}${WORK.request.path}`;
  const targets = {
    mountebank: `http://127.0.0.1:${IMPOSTER_PORT}${WORK.request.path}`,
    ...Object.fromEntries(Object.entries(origins).map(([name, origin]) => [name, `${origin}${path}`])),
    floor: `${floor.url}${WORK.request.path}`,
  };
  return Object.fromEntries(Object.entries(targets).filter(([name]) => chosen(name)));
}

async function main(): Promise<void> {
  const k6 = { ...(await ensureK6()), pinning: pinRunner(true) };
  const dir = mkdtempSync(join(tmpdir(), "tail-hops-k6-"));
  const rows: Record<string, number[][]> = {};
  const stops: Stop[] = [];
  try {
    const targets = await startAll(stops);
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
    for (const stop of stops.reverse()) await stop();
  }
  for (const [name, runs] of Object.entries(rows)) {
    const col = (i: number) => upperMedian(runs.map((r) => r[i]!)).toFixed(2);
    const p99s = runs.map((r) => r[2]!.toFixed(2)).join(", ");
    console.log(
      `${name.padEnd(11)} median p50 ${col(0)} p90 ${col(1)} p99 ${col(2)} ms (p99 by round: ${p99s})`,
    );
  }
}

await main();
process.exit(0);
