/**
 * What a Mountebank user's test suite feels of the admin API: an imposter created, hit once and deleted, one
 * call after the other, as a `beforeEach`/`afterEach` pair does. Each tree's platform is started as `npm start`
 * runs it (`node infra/local/start.mjs`, a fresh data folder) beside Mountebank 2.9.1, and the servers take
 * turns, round by round, so a busy spell of the shared machine falls on all of them.
 *
 *   npx tsx infra/bench/admin-changes.ts [--rounds 3] [--cycles 300] [--out FILE] <tree> [<tree> …]
 *
 * A tree is a checkout with its node_modules (`git worktree add` and `npm ci`). Prints, and writes to
 * --out, a markdown table: the median and 95th percentile of each call's time, per round. Then the same
 * count of stub changes on one imposter (added at the front, replaced, deleted), as a test that adds the
 * stubs it needs does.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { freePort, startMountebank } from "@mockctl/differential";
import { currentLoad, describeMachine } from "./machine.ts";
import { launch, npmStartArgvIn, type StartTarget } from "./start-targets.ts";
import { median } from "./stats.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "3" },
    cycles: { type: "string", default: "300" },
    out: { type: "string" },
  },
});

interface Target {
  name: string;
  admin: string;
  imposter: (port: number) => string;
  stop: () => Promise<void>;
}

/** Each tree's platform as `npm start` runs it there (start-targets.ts), on a fresh data folder. */
async function startTree(tree: string): Promise<Target> {
  const data = mkdtempSync(join(tmpdir(), "mockctl-admin-changes-"));
  const target: StartTarget = {
    id: tree,
    title: `platform at ${tree}`,
    argv: (port, dataDir) => npmStartArgvIn(tree, port, dataDir),
    imposterUrl: (origin, port, path) => `${origin}/i/${port}${path}`,
    cwd: tree,
  };
  const running = await launch(target, await freePort(), data);
  const stop = async () => {
    await running.stop();
    rmSync(data, { recursive: true, force: true });
  };
  return {
    name: target.title,
    admin: running.origin,
    imposter: (id) => target.imposterUrl(running.origin, id, ""),
    stop,
  };
}

const CALLS = ["create", "hit", "delete", "add stub", "replace stub", "delete stub"] as const;
type Times = Record<(typeof CALLS)[number], number[]>;

async function timed(into: number[], send: () => Promise<Response>): Promise<void> {
  const started = performance.now();
  const answer = await send();
  await answer.arrayBuffer();
  if (answer.status >= 400) throw new Error(`answered ${answer.status}`);
  into.push(performance.now() - started);
}

const json = { "content-type": "application/json" };
const send = (url: string, method: string, body?: unknown) =>
  fetch(url, { method, headers: json, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const stub = (i: number) => ({
  predicates: [{ equals: { path: `/s/${i}` } }],
  responses: [{ is: { body: `v${i}` } }],
});

/** A test that changes one imposter's stubs as it goes: one added at the front, replaced, deleted. */
async function stubCycles(target: Target, count: number, times: Times): Promise<void> {
  const imposter = `${target.admin}/imposters/5100`;
  const created = await send(`${target.admin}/imposters`, "POST", {
    protocol: "http",
    port: 5100,
    stubs: [stub(-1)],
  });
  if (created.status !== 201)
    throw new Error(`${target.name}: the stubs' imposter answered ${created.status}`);
  for (let i = 0; i < count; i++) {
    await timed(times["add stub"], () => send(`${imposter}/stubs`, "POST", { index: 0, stub: stub(i) }));
    await timed(times["replace stub"], () => send(`${imposter}/stubs/0`, "PUT", stub(i + 1)));
    await timed(times["delete stub"], () => send(`${imposter}/stubs/0`, "DELETE"));
  }
  await send(imposter, "DELETE");
}

async function cycles(target: Target, count: number): Promise<Times> {
  const times = Object.fromEntries(CALLS.map((call) => [call, []])) as unknown as Times;
  for (let i = 0; i < count; i++) {
    const port = 5000 + (i % 50);
    const imposter = {
      protocol: "http",
      port,
      recordRequests: true,
      stubs: [{ responses: [{ is: { body: "ok" } }] }],
    };
    await timed(times.create, () =>
      fetch(`${target.admin}/imposters`, { method: "POST", headers: json, body: JSON.stringify(imposter) }),
    );
    await timed(times.hit, () => fetch(`${target.imposter(port)}/x`));
    await timed(times.delete, () => fetch(`${target.admin}/imposters/${port}`, { method: "DELETE" }));
  }
  await stubCycles(target, count, times);
  return times;
}

const p95 = (all: number[]) => [...all].sort((a, b) => a - b)[Math.floor(all.length * 0.95)] ?? Number.NaN;
const ms = (value: number) => value.toFixed(2);

async function main() {
  const rounds = Number(values.rounds);
  const count = Number(values.cycles);
  const machine = describeMachine("not used");
  const mb = await startMountebank();
  const mbTarget: Target = {
    name: "Mountebank 2.9.1",
    admin: `http://127.0.0.1:${mb.adminPort}`,
    imposter: (port) => `http://127.0.0.1:${port}`,
    stop: () => mb.stop(),
  };
  const targets = [mbTarget, ...(await Promise.all(positionals.map((tree) => startTree(resolve(tree)))))];
  const rows: string[] = [];
  try {
    for (const target of targets) await cycles(target, 50); // warm-up
    for (let round = 1; round <= rounds; round++) {
      const order = targets.map((_, i) => targets[(i + round - 1) % targets.length] as Target);
      for (const target of order) {
        const t = await cycles(target, count);
        const cells = CALLS.map((k) => `${ms(median(t[k]))} / ${ms(p95(t[k]))}`);
        rows.push(`| ${round} | ${target.name} | ${cells.join(" | ")} |`);
        console.log(rows.at(-1));
      }
    }
  } finally {
    await Promise.all(targets.map((target) => target.stop()));
  }
  const report = [
    `Measured ${new Date().toISOString()} on ${machine.cpu} (${machine.cores} cores), Node ${machine.node}, workerd ${machine.workerd}; load ${machine.loadStart.join(" ")} at the start, ${currentLoad().join(" ")} at the end. ${count} cycles a round of POST /imposters, one request to it, DELETE /imposters/:id, then ${count} of POST /imposters/:id/stubs (at index 0), PUT and DELETE /imposters/:id/stubs/0 on one imposter; one call at a time; median / p95 in ms.`,
    "",
    "| round | server | create | first hit | delete | add stub | replace stub | delete stub |",
    "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
  ].join("\n");
  if (values.out !== undefined) writeFileSync(values.out, report);
  console.log(report);
}

await main();
