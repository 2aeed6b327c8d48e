/**
 * `npx tsx infra/bench/own-port.ts <tree> [<tree> …] [--rounds 5] [--seconds 5] [--warmup 2] [--garbage]
 * [--out <dir>]`:
 * an imposter on its own port, as a Mountebank user's tests reach it, on each named checkout (a worktree
 * with `npm ci` done, or this one) started as `npm start` starts it, beside mb 2.9.1 and the last tree's
 * hosted URL, in interleaved rounds of `wrk -t1 -c50` (the first target rotating from round to round). One
 * stub, `GET /hello` answering `hi`. With `--garbage`, then samples what each tree's launcher allocates per
 * request (own-port-garbage.ts). Writes OWN-PORT.md and own-port.json to `--out` (default
 * infra/bench/own-port/).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { currentLoad, describeMachine } from "./machine.ts";
import { type Garbage, garbageLines, garbageOf } from "./own-port-garbage.ts";
import { median } from "./stats.ts";
import { ensureWrk, runWrk } from "./wrk.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    garbage: { type: "boolean", default: false },
    out: { type: "string", default: join(import.meta.dirname, "own-port") },
  },
});
const here = resolve(import.meta.dirname, "../..");
const trees = positionals.length > 0 ? positionals.map((tree) => resolve(tree)) : [here];
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const STUB = { predicates: [{ equals: { path: "/hello" } }], responses: [{ is: { body: "hi" } }] };

const children: ChildProcess[] = [];
const folders: string[] = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Starts `command` in `cwd`, killed when this script ends, and resolves once `url` answers. */
async function started(command: string, args: string[], cwd: string, url: string): Promise<void> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const answered = await fetch(url).then(
      (answer) => answer.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${command} ${args.join(" ")} in ${cwd} did not answer ${url}`);
}

async function createImposter(adminPort: number, port: number): Promise<void> {
  const body = JSON.stringify({ protocol: "http", port, stubs: [STUB] });
  const answer = await fetch(`http://127.0.0.1:${adminPort}/imposters`, { method: "POST", body });
  if (answer.status !== 201) throw new Error(`creating ${port} on ${adminPort}: ${answer.status}`);
}

async function expectHi(url: string): Promise<void> {
  const text = await (await fetch(url)).text();
  if (text !== "hi") throw new Error(`${url} answered ${JSON.stringify(text)}`);
}

interface Target {
  name: string;
  url: string;
}

const targets: Target[] = [];
/** Each tree's own port and its launcher's inspector, for --garbage. */
const launchers: Array<Target & { inspector: string }> = [];
const mbArgs = ["--port", "2690", "--loglevel", "warn", "--nologfile"];
await started(join(here, "node_modules/.bin/mb"), mbArgs, here, "http://127.0.0.1:2690/imposters");
await createImposter(2690, 4690);
targets.push({ name: "mb 2.9.1, its port", url: "http://127.0.0.1:4690/hello" });
for (const [i, tree] of trees.entries()) {
  const git = (...args: string[]) => execFileSync("git", ["-C", tree, ...args], { encoding: "utf8" }).trim();
  // A tree with changes not committed is not its commit: said so, and told apart by its place in the list.
  const changed = git("status", "--porcelain", "--untracked-files=no") !== "";
  const commit = `${git("log", "-1", "--format=%h")}${changed ? ` with changes (tree ${i + 1})` : ""}`;
  const data = mkdtempSync(join(tmpdir(), "own-port-"));
  folders.push(data);
  const admin = 2700 + i;
  const inspector = `127.0.0.1:${9330 + i}`;
  const start = [
    "--max-semi-space-size=1",
    ...(values.garbage ? [`--inspect=${inspector}`] : []),
    "infra/local/start.mjs",
    "--port",
    String(admin),
    "--datadir",
    data,
  ];
  await started(process.execPath, start, tree, `http://127.0.0.1:${admin}/imposters`);
  await createImposter(admin, 4700 + i);
  targets.push({ name: `${commit}, own port`, url: `http://127.0.0.1:${4700 + i}/hello` });
  launchers.push({ name: commit, url: `http://127.0.0.1:${4700 + i}/hello`, inspector });
  if (i === trees.length - 1) {
    targets.push({ name: `${commit}, hosted URL`, url: `http://127.0.0.1:${admin}/i/${4700 + i}/hello` });
  }
}
for (const target of targets) await expectHi(target.url);

const wrk = ensureWrk();
const machine = describeMachine(wrk);
const rates = new Map<string, number[]>(targets.map((target) => [target.name, []]));
const load = { threads: 1, connections: 50 };
const began = new Date();
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < targets.length; k++) {
    const target = targets[(round + k) % targets.length]!;
    if (warmup > 0) await runWrk(target.url, { ...load, seconds: warmup });
    const result = await runWrk(target.url, { ...load, seconds });
    const failed = Object.values(result.errors).reduce((sum, count) => sum + count, 0);
    rates.get(target.name)!.push(Math.round(result.rps));
    console.log(`round ${round + 1} ${target.name}: ${Math.round(result.rps)} req/s, ${failed} errors`);
  }
}
machine.loadEnd = currentLoad();
const garbage: Garbage[] = [];
if (values.garbage) {
  for (const launcher of launchers) {
    await runWrk(launcher.url, { ...load, seconds: warmup });
    garbage.push(await garbageOf(launcher.name, launcher.inspector, launcher.url, seconds));
  }
}

const rows = targets.map((target) => {
  const all = rates.get(target.name)!;
  return { ...target, rates: all, median: Math.round(median(all)) };
});
const mb = rows[0]!.median;
const lines = [
  "# An imposter on its own port (infra/bench/own-port.ts)",
  "",
  `${began.toISOString()}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, workerd ${machine.workerd},`,
  `${wrk}; load average ${machine.loadStart.join(" ")} at the start, ${machine.loadEnd.join(" ")} at the end.`,
  `\`wrk -t1 -c50 -d${seconds}s\` after ${warmup} s of the same target, ${rounds} rounds, the first target`,
  "rotating; one stub, `GET /hello` answering `hi`. Requests per second:",
  "",
  "| target | median | ÷ mb | rounds |",
  "|---|---:|---:|---|",
  ...rows.map(
    (row) => `| ${row.name} | ${row.median} | ${(row.median / mb).toFixed(2)} | ${row.rates.join(", ")} |`,
  ),
  "",
  ...(garbage.length > 0 ? garbageLines(garbage, seconds) : []),
];
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, "OWN-PORT.md"), lines.join("\n"));
writeFileSync(
  join(values.out, "own-port.json"),
  `${JSON.stringify({ began, machine, seconds, warmup, rounds, rows, garbage }, null, 2)}\n`,
);
console.log(lines.join("\n"));
process.exit(0);
