// `npm run loadtest [-- --smoke] [--duration 20s] [--vus 50] [--only rest-api,...]`: k6 against Mountebank,
// the local platform and the floor Worker, one at a time, then results/LATEST.md, latest.json, latest.svg.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SCENARIOS } from "./fixtures/scenarios.ts";
import { evaluateGoals } from "./report/goals.ts";
import { describeMachine } from "./report/machine.ts";
import type { Report } from "./report/model.ts";
import { writeReport } from "./report/write.ts";
import { parseRunArgs, type RunArgs, USAGE } from "./runner/args.ts";
import { describePinning, pinRunner } from "./runner/cpu-pin.ts";
import { runEntry } from "./runner/entry.ts";
import { ensureK6 } from "./runner/k6-binary.ts";
import { MB_VERSION } from "./runner/mountebank.ts";
import { runSession, selectRuns } from "./runner/session.ts";

const RESULTS = fileURLToPath(new URL("./results/", import.meta.url));

async function run(args: RunArgs, dir: string): Promise<number> {
  const k6 = { ...(await ensureK6()), pinning: pinRunner(args.pin) };
  const date = new Date().toISOString();
  const machine = describeMachine(k6.version, MB_VERSION); // before the run, for the load average
  console.log(`${k6.version}; ${selectRuns(args).length} runs of ${args.duration} at ${args.vus} VUs`);
  const outcomes = await runSession(args, k6, dir);
  const ran = new Set(outcomes.map((outcome) => outcome.scenario));
  const scenarios = SCENARIOS.filter((scenario) => ran.has(scenario.id));
  const report: Report = {
    date,
    smoke: args.smoke,
    settings: {
      duration: args.duration,
      vus: args.vus,
      stressVus: args.stressVus,
      cpus: describePinning(k6.pinning),
    },
    machine,
    scenarios: scenarios.map(({ id, title, userCode }) => ({ id, title, userCode })),
    outcomes,
    goals: evaluateGoals(scenarios, outcomes),
  };
  // A smoke run's numbers say nothing about speed, and a partial run's are not the committed report's:
  // both are kept out of the committed results.
  const written = args.smoke
    ? writeReport(report, join(RESULTS, "tmp"), { markdown: "smoke.md", base: "smoke" })
    : args.partial
      ? writeReport(report, join(RESULTS, "tmp"), { markdown: "partial.md", base: "partial" })
      : writeReport(report, RESULTS, { markdown: "LATEST.md", base: "latest" });
  if (args.partial && !args.smoke) {
    console.log(
      "a partial run (--only, --targets, --duration or --vus): results/LATEST.md is left as it was",
    );
  }
  return conclude(report, written.markdown);
}

/** Non-zero on any wrong answer or broken run, never on speed. */
function conclude(report: Report, markdown: string): number {
  const met = report.goals.filter((goal) => goal.status === "met").length;
  const goals = report.smoke
    ? "answers checked, goals not judged (a smoke run)"
    : `${met} of ${report.goals.length} goals met`;
  console.log(`\n${goals}; report: ${markdown}`);
  const broken = report.outcomes.filter(
    (outcome) => outcome.status === "failed" || outcome.status === "error",
  );
  for (const outcome of broken) console.error(`${outcome.status}: ${outcome.scenario} on ${outcome.target}`);
  return broken.length > 0 ? 1 : 0;
}

runEntry({ parse: parseRunArgs, usage: USAGE, tmpPrefix: "mockctl-loadtest-" }, run);
