// `npm run bench:start [-- --repetitions 3 --seconds 30]`: time to ready and memory (PSS of every process)
// of the local platform beside Mountebank, in one run; writes START.md and start.json here.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { currentLoad, describeMachine } from "./machine.ts";
import { memoryOfTree } from "./processes.ts";
import { renderStart, type StartRun } from "./start-report.ts";
import { launch, type StartTarget, TARGETS, waitUntilAnswers } from "./start-targets.ts";
import { ensureWrk, runWrk } from "./wrk.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const { values: args } = parseArgs({
  options: {
    repetitions: { type: "string", default: "3" },
    seconds: { type: "string", default: "30" },
    only: { type: "string" },
    out: { type: "string", default: HERE },
  },
});
const SECONDS = Number(args.seconds);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `count` stubs matching `/s<i>` exactly, each answering `stub <i>`: the last one is the slowest to find. */
const imposter = (port: number, count: number) => ({
  protocol: "http",
  port,
  stubs: Array.from({ length: count }, (_, i) => ({
    predicates: [{ equals: { path: `/s${i}` } }],
    responses: [{ is: { statusCode: 200, body: `stub ${i}` } }],
  })),
});

async function create(origin: string, body: object): Promise<void> {
  const response = await fetch(`${origin}/imposters`, { method: "POST", body: JSON.stringify(body) });
  if (response.status !== 201)
    throw new Error(`creating an imposter: ${response.status} ${await response.text()}`);
}

async function expectBody(url: string, body: string): Promise<void> {
  const text = await (await fetch(url)).text();
  if (text !== body) throw new Error(`${url} answered ${JSON.stringify(text)}, not ${JSON.stringify(body)}`);
}

/** Start on an empty folder, idle, then one imposter of 10,000 stubs: idle, under load, after load. */
async function emptyAnd10k(target: StartTarget, run: StartRun, port: number, imposterPort: number) {
  const data = mkdtempSync(join(tmpdir(), "mockctl-bench-start-"));
  const server = await launch(target, port, data);
  try {
    run.readyEmptyMs = server.readyMs;
    await sleep(2_000);
    run.memory.idle = memoryOfTree(server.pid);
    await create(server.origin, imposter(imposterPort, 10_000));
    const last = target.imposterUrl(server.origin, imposterPort, "/s9999");
    await expectBody(last, "stub 9999");
    await sleep(2_000);
    run.memory.stubs10k = memoryOfTree(server.pid);
    const load = runWrk(last, { threads: 1, connections: 50, seconds: SECONDS });
    await sleep((SECONDS * 1000) / 2);
    run.memory.duringLoad = memoryOfTree(server.pid);
    const result = await load;
    run.loadRps = result.rps;
    run.loadErrors = Object.values(result.errors).reduce((a, b) => a + b, 0);
    await sleep(10_000);
    run.memory.afterLoad = memoryOfTree(server.pid);
  } finally {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

/** 100 imposters of 100 stubs created, the server stopped, then started again on the same folder. */
async function restartWith100x100(target: StartTarget, run: StartRun, port: number, imposterPort: number) {
  const data = mkdtempSync(join(tmpdir(), "mockctl-bench-start-"));
  const ports = Array.from({ length: 100 }, (_, i) => imposterPort + i);
  try {
    const first = await launch(target, port, data);
    try {
      for (const one of ports) await create(first.origin, imposter(one, 100));
    } finally {
      await first.stop();
    }
    const since = performance.now();
    const again = await launch(target, port, data);
    try {
      run.ready100x100Ms = again.readyMs;
      const last = target.imposterUrl(again.origin, ports.at(-1) ?? imposterPort, "/s99");
      run.serving100x100Ms = await waitUntilAnswers(last, since);
      await expectBody(last, "stub 99");
      await sleep(2_000);
      run.memory.idle100x100 = memoryOfTree(again.pid);
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

const wrk = ensureWrk();
const machine = describeMachine(wrk);
const targets = TARGETS.filter((t) => args.only === undefined || args.only.split(",").includes(t.id));
// A first start of the local platform compiles the launcher and builds the Workers; not measured.
const warm = mkdtempSync(join(tmpdir(), "mockctl-bench-start-"));
await (await launch(TARGETS[0] as StartTarget, 29_990, warm)).stop();
rmSync(warm, { recursive: true, force: true });

const runs: StartRun[] = [];
for (let repetition = 1; repetition <= Number(args.repetitions); repetition++) {
  for (const [index, target] of targets.entries()) {
    console.log(`repetition ${repetition}: ${target.id}`);
    const run: StartRun = { target: target.id, repetition, memory: {} };
    // Below Linux's ephemeral range (32768–60999), so no client socket on the machine holds mb's ports.
    const base = 20_000 + index * 1_000;
    try {
      await emptyAnd10k(target, run, 29_991 + index, base);
      await restartWith100x100(target, run, 29_991 + index, base + 200);
    } catch (error) {
      // One failed start (a port someone else took) costs its phase, not the whole run.
      console.error(`repetition ${repetition}, ${target.id}: ${String(error)}`);
    }
    runs.push(run);
  }
}
machine.loadEnd = currentLoad();
const date = new Date().toISOString();
writeFileSync(
  join(args.out, "start.json"),
  `${JSON.stringify({ date, machine, seconds: SECONDS, runs }, null, 2)}\n`,
);
writeFileSync(join(args.out, "START.md"), renderStart({ date, machine, seconds: SECONDS, runs, targets }));
console.log(`wrote ${join(args.out, "START.md")}`);
