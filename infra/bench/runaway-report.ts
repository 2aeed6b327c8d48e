import type { Machine } from "./machine.ts";
import { median } from "./stats.ts";

/** One thing loaded in every round of the runaway bench (infra/bench/runaway.ts). */
export interface RunawaySeries {
  key: string;
  /** `platform`: this branch (user code on the host); `baseline`: the edge at a ref (in-process loader). */
  server: "platform" | "baseline";
  port: number;
  /** Whether a runaway function loops on another imposter of the same platform meanwhile. */
  loops: boolean;
  rps: number[];
  failures: number[];
  p99Ms: number[];
}

/** What the looping requests and the admin polls saw while the loops ran. */
export interface LoopStats {
  loopMs: number[];
  adminMs: number[];
  /** Answers that were not the expected ones (a 500 envelope for the loop, a 200 for the admin API). */
  wrong: number;
}

export interface RunawayRun {
  date: string;
  machine: Machine;
  flags: string;
  rounds: number;
  series: RunawaySeries[];
  loopStats: LoopStats;
}

const int = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (values: number[]) =>
  values.length === 0 ? "-" : `${int(median(values))} / ${int(Math.max(...values))}`;

function ratio(run: RunawayRun, numerator: string, denominator: string): string {
  const of = (key: string) => median(run.series.find((one) => one.key === key)?.rps ?? []);
  return `${(of(numerator) / of(denominator)).toFixed(2)}`;
}

export function renderRunaway(run: RunawayRun, baseline: string): string {
  const { machine, loopStats } = run;
  const rows = run.series.map(
    (one) =>
      `| ${one.key} | ${int(median(one.rps))} | ${one.rps.map(int).join(", ")} | ${one.failures.join(", ")} | ${one.p99Ms.map((v) => v.toFixed(1)).join(", ")} |`,
  );
  return `# A runaway user function and the rest of the platform (issue 8, part 1)

${run.date}, ${machine.cpu}, ${machine.cores} cores (shared), Node ${machine.node}, workerd ${machine.workerd},
${machine.wrk} \`${run.flags}\`, ${run.rounds} rounds of 10 s (2 s warm-up each), targets in rotating order. Load
average ${machine.loadStart.join(", ")} at the start, ${machine.loadEnd?.join(", ")} at the end.
"platform" is this branch (user code in the user-code host process); "in-process loader" is the edge at
\`${baseline}\` on the same launcher, which runs user code on its own thread (a loop there stops everything).

| series | median req/s | per round | failed requests | wrk's p99 ms |
|---|---|---|---|---|
${rows.join("\n")}

wrk's p99 includes the samples wrk adds for coordinated omission (one per connection interval a slow answer
held back): it reads how long the stalls were, above what any one answer took (BODY-PROFILE.md, section 41).

| ratio (medians) | |
|---|---|
| plain while loops run / plain alone | ${ratio(run, "plain while loops run", "plain")} |
| decorate: host / in-process | ${ratio(run, "decorate (user-code host)", "decorate (in-process loader)")} |
| inject: host / in-process | ${ratio(run, "inject (user-code host)", "inject (in-process loader)")} |

While the loops ran: ${loopStats.loopMs.length} looping requests, back to back, each answered with mb's
envelope in ${ms(loopStats.loopMs)} ms (median / max); ${loopStats.adminMs.length} admin polls
(\`GET /imposters\`) answered in ${ms(loopStats.adminMs)} ms; ${loopStats.wrong} unexpected answers.
`;
}
