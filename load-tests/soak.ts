// `npm run loadtest:soak [-- --duration 10m --vus 200]`: the platform as `npm start` runs it, under a mix of
// every load-test scenario for a long spell while an imposter's stubs change; errors, wrong answers, memory
// of every process and latency per minute in results/SOAK.md, soak.json, soak.svg (issue 8).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { currentLoad, waitForQuiet } from "@mockctl/infra/bench/machine";
import { RECYCLE_BUSY_ABOVE_MB } from "@mockctl/user-code/recycle";
import { churn } from "./fixtures/churn.ts";
import { describeMachine } from "./report/machine.ts";
import { writeSoakReport } from "./report/soak-markdown.ts";
import { MEMORY_JUDGED_FROM_S, type SoakReport, soakPassed } from "./report/soak-model.ts";
import {
  memoryTrends,
  type SoakK6Summary,
  soakMinutes,
  soakTotals,
  wrongAnswers,
} from "./report/soak-summary.ts";
import { loadImposters } from "./runner/admin-client.ts";
import { startChurn } from "./runner/churn.ts";
import { onCleanup } from "./runner/cleanup.ts";
import { describePinning, pinRunner } from "./runner/cpu-pin.ts";
import { runEntry } from "./runner/entry.ts";
import { ensureK6 } from "./runner/k6-binary.ts";
import { runK6 } from "./runner/k6-run.ts";
import { startSampling, USER_CODE_HOST_ROLE } from "./runner/memory-sampler.ts";
import { MB_VERSION } from "./runner/mountebank.ts";
import { NPM_START, startNpmStart } from "./runner/npm-start.ts";
import { freePorts } from "./runner/ports.ts";
import { probe } from "./runner/probe.ts";
import { FULL_SOAK_MS, parseSoakArgs, SOAK_USAGE, type SoakArgs } from "./soak/args.ts";
import { SOAK_FIXTURES, soakMix } from "./soak/mix.ts";

const RESULTS = fileURLToPath(new URL("./results/", import.meta.url));
const SCRIPT = fileURLToPath(new URL("./scenarios/soak.js", import.meta.url));

async function startPlatform(dir: string): Promise<{ url: string; pid: number }> {
  const running = await startNpmStart(join(dir, "data"));
  onCleanup("platform", running.stop, running.kill);
  return running;
}

async function soak(args: SoakArgs, dir: string): Promise<SoakReport> {
  const k6 = { ...(await ensureK6()), pinning: pinRunner(args.pin) };
  await waitForQuiet(4, 120); // a shared machine: a quieter spell if one comes soon
  const machine = describeMachine(k6.version, MB_VERSION);
  const date = new Date().toISOString();
  const platform = await startPlatform(dir);
  const imposterPorts = await freePorts(SOAK_FIXTURES.length);
  const ports = new Map(SOAK_FIXTURES.map((fixture, i) => [fixture.id, imposterPorts[i]!]));
  const refused = await loadImposters(platform.url, SOAK_FIXTURES, ports);
  if (refused.size > 0) throw new Error(`imposters refused: ${[...refused.values()].join("; ")}`);
  const mix = soakMix(platform.url, ports).filter(
    (request) => args.only === undefined || args.only.includes(request.name.split(":")[0]!),
  );
  if (mix.length === 0) throw new Error(`--only ${args.only?.join(",")} leaves no request in the mix`);
  const wrong = await probe("", mix);
  if (wrong.length > 0) throw new Error(`wrong answers before any load:\n${wrong.join("\n")}`);
  const planFile = join(dir, "soak-plan.json");
  writeFileSync(planFile, JSON.stringify({ scenario: "soak", port: 0, requests: mix }));
  const summaryFile = join(dir, "soak-summary.json");
  console.log(
    `${k6.version}; soak of ${args.duration} at ${args.vus} VUs on ${platform.url}, ${mix.length} requests in the mix`,
  );

  const churnPort = ports.get(churn.id)!;
  const stopSampling = startSampling(platform.pid, args.sampleEveryMs);
  const stopChurn = startChurn(
    `${platform.url}/imposters/${churnPort}`,
    `${platform.url}/i/${churnPort}`,
    args.churnEveryMs,
  );
  // k6 runs quiet; ten minutes of silence read like a hang.
  const every = Math.min(60_000, Math.max(5_000, args.durationMs / 5));
  const startedAt = Date.now();
  const progress = setInterval(() => {
    const elapsed = Math.round((Date.now() - startedAt) / 1000);
    console.log(`soak: ${elapsed} s of ${args.duration}`);
  }, every);
  const exit = await runK6(k6, SCRIPT, {
    REQUESTS_FILE: planFile,
    SUMMARY_FILE: summaryFile,
    DURATION: args.duration,
    VUS: String(args.vus),
    TARGET: "platform",
  });
  clearInterval(progress);
  const churned = await stopChurn();
  const memory = stopSampling();
  let summary: SoakK6Summary;
  try {
    summary = JSON.parse(readFileSync(summaryFile, "utf8")) as SoakK6Summary;
  } catch {
    throw new Error(`k6 exited with ${exit.code} and no summary:\n${exit.output}`);
  }
  const warmSeconds = Math.min(60, args.durationMs / 5000);
  return {
    date,
    machine,
    settings: {
      duration: args.duration,
      vus: args.vus,
      churnEveryMs: args.churnEveryMs,
      sampleEveryMs: args.sampleEveryMs,
      warmSeconds,
      memoryJudged: args.durationMs >= MEMORY_JUDGED_FROM_S * 1000,
      cpus: describePinning(k6.pinning),
      platform: `The platform as \`npm start\` runs it (\`${NPM_START.title}\`: the Node launcher with its keep-alive relay, workerd, and the user-code host once user code runs)`,
      mix: mix.map((request) => request.name),
    },
    loadEnd: currentLoad()[0] ?? 0,
    k6Exit: exit.code,
    wrongAnswers: wrongAnswers(exit.output),
    totals: soakTotals(summary),
    minutes: soakMinutes(summary),
    churn: churned,
    memory,
    // Under the soak's continuous user code the host is never idle, so the busy line is the one it meets.
    trends: memoryTrends(memory, warmSeconds, { [USER_CODE_HOST_ROLE]: RECYCLE_BUSY_ABOVE_MB }),
  };
}

async function soakRun(args: SoakArgs, dir: string): Promise<number> {
  const report = await soak(args, dir);
  // Only the full soak is committed; shorter runs (development) go where git ignores them.
  const full = args.durationMs >= FULL_SOAK_MS;
  const markdown = writeSoakReport(report, full ? RESULTS : join(RESULTS, "tmp"));
  console.log(`\nsoak ${soakPassed(report) ? "passed" : "FAILED"}; report: ${markdown}`);
  return soakPassed(report) ? 0 : 1;
}

runEntry({ parse: parseSoakArgs, usage: SOAK_USAGE, tmpPrefix: "mockctl-soak-" }, soakRun);
