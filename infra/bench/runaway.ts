// `npx tsx infra/bench/runaway.ts [-- --rounds 3 --seconds 10 --baseline main]`: issue 8 part 1 measured.
// A plain imposter under wrk with and without a runaway function looping meanwhile, and the cost of the
// user-code host's process hop (decorate, inject) against the edge's own Worker Loader (the baseline
// edge, which runs user code in-process). Writes RUNAWAY.md and runaway.json here.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { currentLoad, describeMachine } from "./machine.ts";
import { type LoopStats, type RunawaySeries, renderRunaway } from "./runaway-report.ts";
import { startServers } from "./servers.ts";
import { median } from "./stats.ts";
import { ensureWrk, runWrk } from "./wrk.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    baseline: { type: "string", default: "main" },
  },
});

const stub = (response: object) => ({ protocol: "http", stubs: [{ responses: [response] }] });
const IMPOSTERS = {
  4545: stub({ is: { body: "plain" } }),
  4546: stub({ inject: "config => { while (true) {} }" }),
  4547: stub({
    is: { body: "x" },
    behaviors: [{ decorate: "(config, response) => { response.body = 'y'; }" }],
  }),
  4548: stub({ inject: "config => ({ body: 'injected' })" }),
};
const PLAN: Array<Omit<RunawaySeries, "rps" | "failures" | "p99Ms">> = [
  { key: "plain", server: "platform", port: 4545, loops: false },
  { key: "plain while loops run", server: "platform", port: 4545, loops: true },
  { key: "decorate (user-code host)", server: "platform", port: 4547, loops: false },
  { key: "decorate (in-process loader)", server: "baseline", port: 4547, loops: false },
  { key: "inject (user-code host)", server: "platform", port: 4548, loops: false },
  { key: "inject (in-process loader)", server: "baseline", port: 4548, loops: false },
];

/** Sends the looping request back to back, and polls the admin API, until `stop` is set. */
async function runaway(origin: string, stats: LoopStats, stop: { done: boolean }): Promise<void> {
  const timed = async (path: string, into: number[], ok: (status: number, body: string) => boolean) => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`).catch(() => undefined);
    const body = response === undefined ? "" : await response.text();
    into.push(performance.now() - started);
    if (response === undefined || !ok(response.status, body)) stats.wrong++;
  };
  const loops = async () => {
    while (!stop.done)
      await timed("/i/4546/", stats.loopMs, (s, b) => s === 500 && b.includes("invalid injection"));
  };
  const admin = async () => {
    while (!stop.done) {
      await timed("/imposters", stats.adminMs, (s) => s === 200);
      await new Promise((done) => setTimeout(done, 200));
    }
  };
  await Promise.all([loops(), admin()]);
}

async function main(): Promise<void> {
  const tool = ensureWrk();
  const servers = await startServers(args.baseline, { allowInjection: true });
  const rounds = Number(args.rounds);
  const wrk = { threads: 1, connections: 50, seconds: Number(args.seconds) };
  const series: RunawaySeries[] = PLAN.map((one) => ({ ...one, rps: [], failures: [], p99Ms: [] }));
  const loopStats: LoopStats = { loopMs: [], adminMs: [], wrong: 0 };
  try {
    for (const server of ["platform", "baseline"] as const) {
      const origin = servers.origins[server]!;
      for (const [port, imposter] of Object.entries(IMPOSTERS)) {
        const body = JSON.stringify({ ...imposter, port: Number(port) });
        const created = await fetch(`${origin}/imposters`, { method: "POST", body });
        if (created.status !== 201) throw new Error(`${server} refused ${port}: ${await created.text()}`);
      }
    }
    const machine = describeMachine(tool);
    for (let round = 0; round < rounds; round++) {
      for (const one of series.map((_, i) => series[(i + round) % series.length]!)) {
        const origin = servers.origins[one.server]!;
        const stop = { done: false };
        const loops = one.loops ? runaway(origin, loopStats, stop) : Promise.resolve();
        await runWrk(`${origin}/i/${one.port}/`, { ...wrk, seconds: 2 });
        const result = await runWrk(`${origin}/i/${one.port}/`, wrk);
        stop.done = true;
        await loops;
        const { connect, read, write, timeout, status } = result.errors;
        one.rps.push(result.rps);
        one.failures.push(connect + read + write + timeout + status);
        one.p99Ms.push(result.latencyUs.p99 / 1000);
        console.log(`round ${round + 1}/${rounds} ${one.key}: ${Math.round(result.rps)} req/s`);
      }
    }
    machine.loadEnd = currentLoad();
    const run = { date: new Date().toISOString(), machine, flags: "wrk -t1 -c50", rounds, series, loopStats };
    writeFileSync(join(HERE, "runaway.json"), `${JSON.stringify(run, null, 2)}\n`);
    writeFileSync(join(HERE, "RUNAWAY.md"), renderRunaway(run, servers.baselineCommit ?? args.baseline));
    console.log(renderRunaway(run, servers.baselineCommit ?? args.baseline));
    console.log(`median loop answer ${median(loopStats.loopMs).toFixed(0)} ms`);
  } finally {
    await servers.stop();
  }
}

await main();
