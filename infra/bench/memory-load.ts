import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startPlatform } from "../local/platform.ts";
import { type Sample, sample } from "./memory-sample.ts";
import { create, expectBody, imposter, injecting } from "./start-imposters.ts";
import { runWrk } from "./wrk.ts";

/**
 * workerd's memory under bench:start's two loads, cut down to one platform and one load (issues 8 and 16:
 * what grows during the load is what stays, workerd's allocator keeps its peak). `--load stubs` is wrk on the
 * last of 10,000 stubs, `--load inject` on an imposter whose response is an `inject` function. Samples the
 * platform workerd's PSS and anonymous memory and the user-code host's PSS before, halfway, at the end of the
 * load and 10 s after, with workerd's allocator (gdb) at the end and after; wrk's rate and p99 beside them.
 * `--repeat n`, `--seconds s`, `--label text` (the variant measured), `--out FILE.md` (rows appended).
 */
const arg = (flag: string, fallback: string): string => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const LOAD = arg("--load", "stubs");
const SECONDS = Number(arg("--seconds", "10"));
const REPEAT = Number(arg("--repeat", "1"));
const LABEL = arg("--label", "");
const OUT = arg("--out", "");
const PORT = 4545;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const mb = (n: number | undefined) => (n === undefined ? "–" : n.toFixed(1));
const memory = (s: Sample) => `${mb(s.workerd)} (${mb(s.anonymous)} anon) + host ${mb(s.host)}`;

async function once(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "mockctl-bench-memory-load-"));
  const platform = await startPlatform({ port: 0, dataDir, allowInjection: true });
  try {
    const [body, path, expected] =
      LOAD === "inject"
        ? [injecting(PORT), "/x", "injected /x"]
        : [imposter(PORT, 10_000), "/s9999", "stub 9999"];
    await create(platform.url, body);
    const url = `${platform.url}/i/${PORT}${path}`;
    await expectBody(url, expected);
    await sleep(2_000);
    const before = sample(process.pid, 0, true);
    const load = runWrk(url, { threads: 1, connections: 50, seconds: SECONDS });
    await sleep((SECONDS * 1000) / 2);
    const during = sample(process.pid, 1, false);
    const result = await load;
    const end = sample(process.pid, 2, true);
    await sleep(10_000);
    const after = sample(process.pid, 3, true);
    const total = (s: Sample) => s.workerd + s.host;
    const errors = Object.values(result.errors).reduce((a, b) => a + b, 0);
    return [
      LABEL,
      LOAD,
      `${memory(before)}, tcmalloc ${mb(before.allocatedMb)}/${mb(before.heapMb)}`,
      memory(during),
      `${memory(end)}, tcmalloc ${mb(end.allocatedMb)}/${mb(end.heapMb)}`,
      `${memory(after)}, tcmalloc ${mb(after.allocatedMb)}/${mb(after.heapMb)}`,
      (total(after) / total(before)).toFixed(2),
      result.rps.toFixed(0),
      (result.latencyUs.p99 / 1000).toFixed(2),
      String(errors),
    ].join(" | ");
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const header =
  "| variant | load | workerd PSS before (MB) | halfway | end of load, tcmalloc allocated/heap | 10 s after | workerds after/before | req/s | wrk's p99 ms | errors |\n" +
  "| --- | --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: |";
const machine = `${cpus()[0]?.model} (${cpus().length} cores), load ${loadavg()
  .map((l) => l.toFixed(2))
  .join(" ")}`;
console.log(`${new Date().toISOString()} ${machine}, wrk -t1 -c50 -d${SECONDS}s\n${header}`);
for (let r = 0; r < REPEAT; r++) {
  const row = `| ${await once()} |`;
  console.log(row);
  if (OUT !== "") appendFileSync(join(import.meta.dirname, OUT), `${row}\n`);
}
