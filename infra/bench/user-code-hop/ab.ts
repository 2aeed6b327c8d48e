/**
 * A/B of decorate through two platforms (two trees, e.g. main's worktree and a branch's), interleaved wrk
 * rounds, with the CPU each process spent per request from /proc: the relay (this Node process), the edge
 * workerd and the user-code host workerd (issue 8). CPU per request does not depend on how busy the shared
 * machine is; the rates do, which is why the rounds alternate.
 *
 *   flock /tmp/bench.lock npx tsx infra/bench/user-code-hop/ab.ts <tree A> <tree B>
 *   env: ROUNDS (4), SECONDS per round (5), CONNS (50)
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { cpuMs } from "../cpu-time.ts";
import { processTree } from "../processes.ts";

const run = promisify(execFile);
const trees = process.argv.slice(2);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNS = Number(process.env.CONNS ?? 50);
const DECORATE = "(config, response) => { response.body = response.body + ' via ' + config.request.path; }";

/** The workerd processes of one tree: the user-code host (host.capnp) and the edge. */
function workerds(tree: string): { host: number[]; edge: number[] } {
  const out = { host: [] as number[], edge: [] as number[] };
  for (const pid of processTree(process.pid)) {
    let cmd = "";
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (cmd.includes(tree) && cmd.includes("workerd"))
      (cmd.includes("host.capnp") ? out.host : out.edge).push(pid);
  }
  return out;
}

/** CPU of a process set; a process that exited (a recycled host) counts as 0, so such a round reads low. */
const cpuOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum;
    }
  }, 0);

const targets: { tree: string; url: string; stop: () => Promise<void> }[] = [];
for (const [i, tree] of trees.entries()) {
  process.chdir(tree);
  const { startPlatform } = await import(join(tree, "infra/local/platform.ts"));
  const dataDir = mkdtempSync(join(tmpdir(), "hop-ab-"));
  const platform = await startPlatform({ port: 0, dataDir, allowInjection: true });
  const port = 4600 + i;
  const stubs = [{ responses: [{ is: { body: "d" }, behaviors: [{ decorate: DECORATE }] }] }];
  const created = await fetch(`${platform.url}/imposters`, {
    method: "POST",
    body: JSON.stringify({ protocol: "http", port, stubs }),
  });
  if (created.status !== 201) throw new Error(await created.text());
  const url = `${platform.url}/i/${port}/x`;
  console.log(tree, url, await (await fetch(url)).text());
  targets.push({ tree, url, stop: () => platform.stop() });
}

const rates = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const t of targets) {
    const before = workerds(t.tree);
    const start = { host: cpuOf(before.host), edge: cpuOf(before.edge), relay: process.cpuUsage() };
    const args = ["-t1", `-c${CONNS}`, `-d${SECONDS}s`, "--latency", t.url];
    const { stdout } = await run("wrk", args, { encoding: "utf8" });
    const after = workerds(t.tree);
    const total = Number(/(\d+) requests in/.exec(stdout)?.[1]);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? "0";
    const relay = process.cpuUsage(start.relay);
    const per = (ms: number) => Math.round((ms * 1000) / total);
    const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
    console.log(
      `round ${round} ${t.tree}: ${rps.toFixed(0)} req/s, p99 ${/99%\s+(\S+)/.exec(stdout)?.[1]}, non-2xx ${non2xx}, ` +
        `CPU µs/req relay ${per((relay.user + relay.system) / 1000)} edge ${per(cpuOf(after.edge) - start.edge)} ` +
        `host ${per(cpuOf(after.host) - start.host)}, load ${load}`,
    );
    rates.set(t.tree, [...(rates.get(t.tree) ?? []), rps]);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const [tree, xs] of rates) console.log(`median ${tree}: ${median(xs).toFixed(0)} req/s`);
for (const t of targets) await t.stop();
process.exit(0);
