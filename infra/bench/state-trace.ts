// `npx tsx infra/bench/state-trace.ts --case issue12-json-equals --seconds 25 [--floor] [--perf <file>]`: one
// case on a fresh platform (or, with --floor, on the floor Worker) one second at a time, with what the serving
// thread did in each second: its CPU a request, its context switches, read and write calls and minor faults a
// request (/proc/<pid>/task/<tid>), which CPU it ran on (sampled every 20 ms), and each CPU's busy time a
// request and steal (/proc/stat), so a slow second can be told from a slow machine (BODY-PROFILE.md, 44).
// --perf records the process with `perf record -k CLOCK_MONOTONIC` (JIT code named by --perf-basic-prof) and
// writes each second's monotonic bounds beside it (<file>.json), to compare the samples of two stretches.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startFloor } from "../floor/floor.ts";
import { startPlatform } from "../local/platform.ts";
import { newWorkerds, serverCpuPerRequest, statFields, workerdPids } from "./cpu-time.ts";
import { scenarioOf } from "./scenario-by-id.ts";
import { createImposter, verify, wrkLoadOf, wrkPathOf } from "./scenarios.ts";
import { runWrk } from "./wrk.ts";

const { values: args } = parseArgs({
  options: {
    case: { type: "string", default: "issue12-json-equals" },
    seconds: { type: "string", default: "25" },
    floor: { type: "boolean", default: false },
    perf: { type: "string" },
  },
});

/** The serving thread's counters (a workerd's isolates run on its main thread). */
function threadCounters(pid: number) {
  const task = `/proc/${pid}/task/${pid}`;
  const status = readFileSync(`${task}/status`, "utf8");
  const io = readFileSync(`${task}/io`, "utf8");
  const field = (text: string, name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1]);
  return {
    switches: field(status, "voluntary_ctxt_switches") + field(status, "nonvoluntary_ctxt_switches"),
    calls: field(io, "syscr") + field(io, "syscw"),
    faults: Number(statFields(pid, pid)[7]),
  };
}

/** The process's resident memory and the part of it on transparent huge pages, in MB. */
function memoryMb(pid: number): { rss: number; huge: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1]);
  return { rss: Math.round(kb("Rss") / 1024), huge: Math.round(kb("AnonHugePages") / 1024) };
}

/** Each CPU's busy ticks (user, nice, system, irq, softirq) and steal, from /proc/stat. */
const cpuTicks = () =>
  readFileSync("/proc/stat", "utf8")
    .split("\n")
    .filter((line) => /^cpu\d/.test(line))
    .map((line) => {
      const f = line.split(/\s+/).slice(1).map(Number);
      return { busy: f[0]! + f[1]! + f[2]! + f[5]! + f[6]!, steal: f[7]! };
    });

const now = () => Number(process.hrtime.bigint()) / 1e9;
const extraV8Flags = args.perf === undefined ? [] : ["--perf-basic-prof"];
const dataDir = mkdtempSync(join(tmpdir(), "state-trace-"));
const known = workerdPids();
const server = args.floor
  ? await startFloor({ port: 0 })
  : await startPlatform({ port: 0, direct: true, dataDir, extraV8Flags });
const pids = newWorkerds(known);
const pid = pids[0]!;
const scenario = scenarioOf(args.case);
if (!args.floor) await createImposter(server.url, scenario);
await verify(server.url, scenario);
const perfArgs = ["record", "-F", "997", "-k", "CLOCK_MONOTONIC", "-p", String(pid), "-o", `${args.perf}`];
const perf = args.perf === undefined ? undefined : spawn("perf", perfArgs, { stdio: "ignore" });
if (perf !== undefined) await new Promise((resolve) => setTimeout(resolve, 500));
const bounds: { start: number; end: number; rps: number }[] = [];
try {
  for (let second = 1; second <= Number(args.seconds); second++) {
    const [start, was, ticksWas] = [now(), threadCounters(pid), cpuTicks()];
    const onCpu = [0, 0];
    const sampler = setInterval(() => {
      const cpu = Number(statFields(pid, pid)[36]);
      onCpu[cpu] = (onCpu[cpu] ?? 0) + 1;
    }, 20);
    const load = { threads: 1, connections: 50, seconds: 1, ...wrkLoadOf(scenario) };
    const { result, us } = await serverCpuPerRequest(pids, () =>
      runWrk(`${server.url}${wrkPathOf(scenario)}`, load),
    );
    clearInterval(sampler);
    const [end, is, ticksIs] = [now(), threadCounters(pid), cpuTicks()];
    bounds.push({ start, end, rps: result.rps });
    const per = (n: number) => (n / result.requests).toFixed(3);
    const memory = memoryMb(pid);
    const busy = ticksIs.map((t, i) =>
      (((t.busy - ticksWas[i]!.busy) * 10_000) / result.requests).toFixed(1),
    );
    const steal = ticksIs.map((t, i) => t.steal - ticksWas[i]!.steal);
    console.log(
      `s${second} (${Math.floor(Date.now() / 1000)}): ${Math.round(result.rps)} req/s, ${us} µs; a request: switches ${per(is.switches - was.switches)}, ` +
        `reads+writes ${per(is.calls - was.calls)}, faults ${per(is.faults - was.faults)}; ` +
        `on cpu0/cpu1 ${onCpu.join("/")}; busy µs a request cpu0/cpu1 ${busy.join("/")}, steal ticks ${steal.join("/")}; rss ${memory.rss} MB, huge pages ${memory.huge} MB`,
    );
  }
} finally {
  perf?.kill("SIGINT");
  if (perf !== undefined) await new Promise((resolve) => perf.once("exit", resolve));
  if (args.perf !== undefined) writeFileSync(`${args.perf}.json`, JSON.stringify(bounds));
  await server.stop();
}
