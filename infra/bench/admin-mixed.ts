// `npx tsx infra/bench/admin-mixed.ts --rounds 8 --seconds 15 --out DIR <tree> <tree> …`: the platform of
// each checkout (a worktree each, npm ci done) behind its keep-alive relay, loaded in turn with what a
// dashboard polling the list beside a CI job reading one imposter sends: two wrk processes at once, 25
// connections each, on `GET /imposters` and `GET /imposters/4600`, with the load tests' imposters loaded.
// It counts what the relay must never do: a request answered late past wrk's 2 s or not at all.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Platform } from "../local/platform.ts";
import { LOADTEST_SCENARIOS, PORT_BASE } from "./loadtest-scenarios.ts";
import { currentLoad, describeMachine } from "./machine.ts";
import { createImposter } from "./scenarios.ts";
import { upperMedian } from "./stats.ts";
import { treeLauncher } from "./tree-platform.ts";
import { ensureWrk, runWrk, type WrkResult } from "./wrk.ts";

const { values: args, positionals: trees } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "8" },
    seconds: { type: "string", default: "15" },
    out: { type: "string" },
  },
});

/** Resolved before a tree's launcher changes the working folder. */
const out = args.out === undefined ? undefined : resolve(args.out);
const PATHS = ["/imposters", `/imposters/${PORT_BASE}`];

/** A tree's own launcher, so each platform is that tree's relay, admission and Workers. */
async function startTree(tree: string): Promise<Platform> {
  const startPlatform = await treeLauncher(tree);
  const dataDir = mkdtempSync(join(tmpdir(), "admin-mixed-"));
  const platform = await startPlatform({ port: 0, dataDir, allowInjection: true });
  for (const scenario of LOADTEST_SCENARIOS) await createImposter(platform.url, scenario);
  return platform;
}

/** Every way wrk counts a request that went wrong: a timeout is one unanswered for 2 s at a check. */
const failed = ({ errors }: WrkResult) =>
  errors.connect + errors.read + errors.write + errors.status + errors.timeout;

interface Round {
  failed: number;
  /** Requests a second on each of PATHS, in order. */
  rps: number[];
  maxMs: number;
}

async function round(url: string): Promise<Round> {
  const load = { threads: 1, connections: 25, seconds: Number(args.seconds) };
  const runs = await Promise.all(PATHS.map((path) => runWrk(`${url}${path}`, load)));
  return {
    failed: runs.reduce((sum, run) => sum + failed(run), 0),
    rps: runs.map((run) => run.rps),
    maxMs: Math.max(...runs.map((run) => run.latencyUs.max / 1000)),
  };
}

function report(results: Map<string, Round[]>, machine: ReturnType<typeof describeMachine>): string {
  const lines = [
    `| tree | rounds with a failure | requests failed | req/s (median): ${PATHS.join(", ")} | slowest answer, ms (median; max) | rounds |`,
    "|---|---|---|---|---|---|",
  ];
  for (const [tree, rounds] of results) {
    const maxes = rounds.map((one) => one.maxMs);
    lines.push(
      `| ${tree} | ${rounds.filter((one) => one.failed > 0).length} of ${rounds.length} | ` +
        `${rounds.reduce((sum, one) => sum + one.failed, 0)} | ${PATHS.map((_, i) => Math.round(upperMedian(rounds.map((one) => one.rps[i] ?? 0)))).join(", ")} | ` +
        `${Math.round(upperMedian(maxes))}; ${Math.round(Math.max(...maxes))} | ` +
        `${rounds.map((one) => `${one.failed}/${Math.round(one.maxMs)}`).join(" ")} |`,
    );
  }
  return [
    `${new Date().toISOString()}, ${machine.cpu} (${machine.cores} cores), node ${machine.node}, workerd ${machine.workerd}, ${machine.wrk}`,
    `load ${machine.loadStart.join(" ")} → ${currentLoad().join(" ")}; each round: two wrk -t1 -c25 -d${args.seconds}s at once, on ${PATHS.join(" and ")}; rounds column: failed/slowest ms`,
    "",
    ...lines,
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  if (trees.length === 0) throw new Error("name at least one tree");
  const machine = describeMachine(ensureWrk());
  const served = new Map<string, Platform>();
  const results = new Map<string, Round[]>();
  try {
    for (const tree of trees) served.set(basename(tree), await startTree(tree));
    for (let n = 1; n <= Number(args.rounds); n++) {
      for (const [name, platform] of served) {
        const one = await round(platform.url);
        results.set(name, [...(results.get(name) ?? []), one]);
        console.log(
          `round ${n} ${name}: ${one.failed} failed, ${one.rps.map(Math.round).join(" + ")} req/s, slowest ${Math.round(one.maxMs)} ms`,
        );
      }
    }
  } finally {
    for (const platform of served.values()) await platform.stop();
  }
  const text = report(results, machine);
  console.log(text);
  if (out !== undefined) {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "RESULTS.md"), text);
  }
}

await main();
