import { INTERVAL_LABEL } from "./interval.ts";
import type { PooledRow } from "./pool.ts";
import { type BenchRun, int, row } from "./report.ts";

const two = (ratio: number) => ratio.toFixed(2);

function runLine(run: BenchRun, at: number, folder: string): string {
  const load = (values: number[] | undefined) => values?.[0]?.toFixed(2) ?? "n/a";
  return row([
    String(at + 1),
    `\`${folder}\``,
    run.date.slice(0, 16).replace("T", " "),
    run.edge.platform,
    String(run.rounds),
    `${load(run.machine.loadStart)} → ${load(run.machine.loadEnd)}`,
  ]);
}

function outcome(one: PooledRow): string {
  if (one.generatorBound) return "wrk-bound, not counted";
  return one.met === true ? "**met**" : "**missed**";
}

function pooledRow(one: PooledRow): string {
  return row([
    one.title,
    String(one.runs),
    String(one.rounds),
    int(one.median),
    int(one.floorMedian),
    `**${two(one.ratio)}**`,
    one.interval === undefined ? "" : `${two(one.interval.low)}–${two(one.interval.high)}`,
    two(one.roundRatio),
    one.cpuRatio === undefined ? "" : two(one.cpuRatio),
    one.perRun.map(two).join(" / "),
    outcome(one),
  ]);
}

/** POOLED.md: every target's rounds over the given runs, each run named by the folder its results.json is in. */
export function renderPooled(
  runs: readonly BenchRun[],
  folders: readonly string[],
  rows: PooledRow[],
): string {
  const first = runs[0];
  if (first === undefined) throw new Error("no runs to render");
  const met = rows.filter((one) => one.met === true).length;
  const counted = rows.filter((one) => one.met !== undefined).length;
  return [
    "# Throughput, pooled: every run of bench:platform on one tree, read as one",
    "",
    "Written by `npx tsx infra/bench/pool-runs.ts` from the results.json of each run below. Every run is on",
    `one machine (${first.machine.cpu}, ${first.machine.cores} cores), with \`wrk ${first.flags}\` after a`,
    `${first.warmupSeconds} s warm-up, on commits that serve the same code (\`git diff\` of everything but`,
    "documents and results is empty between them).",
    "",
    row(["run", "folder", "UTC", "commit", "rounds", "load (1 min) at start → end"]),
    row(["---:", "---", "---", "---", "---:", "---"]),
    ...runs.map((run, at) => runLine(run, at, folders[at] ?? "?")),
    "",
    "A target's rate is the median of all its rounds in every run, over the median of its floor's rounds in",
    "the same runs (the acceptance's ratio of medians); `per round` is the median of each round's rate over",
    `its floor's in that round; the interval holds the middle ${INTERVAL_LABEL} of the ratio of medians taken again`,
    "over the pooled rounds drawn with replacement (interval.ts); `CPU` the median over every pair of the",
    "floor's workerd µs per request ÷ the target's, run back to back; `each run` that run's own ratio of",
    "medians. A row that reached wrk's ceiling in any run is not counted.",
    "",
    row([
      "target",
      "runs",
      "rounds",
      "median req/s",
      "floor req/s",
      "vs floor",
      `${INTERVAL_LABEL} interval`,
      "per round",
      "CPU",
      "each run",
      "≥ 0.85",
    ]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---", "---"]),
    ...rows.map(pooledRow),
    "",
    `${met} of ${counted} counted targets at 0.85 of their floor or more.`,
    "",
  ].join("\n");
}
