import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { millis, rate } from "./format.ts";
import { commitNote } from "./machine.ts";
import { table } from "./markdown.ts";
import {
  FLAT_GROWTH,
  MEMORY_JUDGED_FROM_S,
  memoryHeld,
  type ProcessTrend,
  type SoakReport,
  soakPassed,
} from "./soak-model.ts";
import { roleSeries } from "./soak-summary.ts";
import { renderLines } from "./svg-lines.ts";

const mb = (value: number) => value.toFixed(1);

/**
 * Memory of every process over time, and p99 and p50 per minute, each minute's at its end (the last one's at
 * the run's end). In minutes; a run shorter than two of them in seconds, so it does not sit in a corner.
 */
export function soakChart(report: SoakReport): string {
  const runSeconds = Math.max(0, ...report.memory.map((sample) => sample.seconds));
  // As the verdict reads the run: a run whose memory is not judged is drawn in seconds.
  const short =
    report.settings.memoryJudged === undefined
      ? runSeconds < MEMORY_JUDGED_FROM_S
      : !report.settings.memoryJudged;
  const unit = short ? 1 : 60;
  const memory = [...roleSeries(report.memory)].map(([name, points]) => ({
    name,
    points: points.map((point) => ({ x: point.seconds / unit, y: point.mb })),
  }));
  const latency = (["p99", "p50"] as const).map((stat) => ({
    name: stat,
    points: report.minutes.map((row) => ({
      x: Math.min((row.minute + 1) * 60, runSeconds || Number.POSITIVE_INFINITY) / unit,
      y: row[stat],
    })),
  }));
  const xMax = Math.max(...latency[0]!.points.map((point) => point.x), runSeconds / unit);
  return renderLines(
    `Soak: ${report.settings.duration} at ${report.settings.vus} connections, admin changes every ${report.settings.churnEveryMs / 1000} s`,
    [
      { title: "Memory (PSS) of every process of the platform", yLabel: "MB", series: memory },
      { title: "Latency per minute (plotted at the minute's end)", yLabel: "ms", series: latency },
    ],
    xMax,
    unit === 1 ? "seconds since the load began" : "minutes since the load began",
  );
}

function memoryVerdict(report: SoakReport): string {
  const within = `${Math.round((FLAT_GROWTH - 1) * 100)}% of its size ${report.settings.warmSeconds} s into the load`;
  if (report.settings.memoryJudged === false) {
    return `- Memory: not judged (a run of ${report.settings.duration} is still warming up; runs of ${MEMORY_JUDGED_FROM_S / 60} minutes or more are judged).`;
  }
  if (!report.trends.every(memoryHeld)) {
    return `- Memory: **grew** (a process ended more than ${within}, or passed the line it is replaced at: see the table).`;
  }
  const recycled = report.trends.filter((trend) => !trend.flat);
  if (recycled.length === 0) return `- Memory: **flat** (every process ended within ${within}).`;
  const lines = recycled.map((t) => {
    const count = t.pids.length === 1 ? "1 process" : `${t.pids.length} processes`;
    return `the ${t.role} is replaced once it passes ${t.recycled!.aboveMb} MB: ${count} over the run, the largest at ${mb(t.recycled!.peakMb)} MB`;
  });
  return `- Memory: **bounded** (every other process ended within ${within}; ${lines.join("; ")}).`;
}

function trendCell(report: SoakReport, trend: ProcessTrend): string {
  if (report.settings.memoryJudged === false) return "not judged";
  if (trend.flat) return "flat";
  return trend.recycled?.within ? `bounded: replaced past ${trend.recycled.aboveMb} MB` : "**grew**";
}

function verdict(report: SoakReport): string {
  const { totals, churn } = report;
  return [
    `- Errors: **${totals.failedRequests}** failed requests of ${totals.requests.toLocaleString("en-US")}; admin changes: **${churn.failed}** failed of ${churn.changes}.`,
    `- Wrong answers: **${totals.failedChecks}** (k6 checks of status and body); after an admin change: **${churn.wrong}**.`,
    memoryVerdict(report),
    `- k6 exited with ${report.k6Exit}${report.k6Exit === 0 ? " (every threshold held)" : ""}; overall **${soakPassed(report) ? "passed" : "FAILED"}**.`,
  ].join("\n");
}

export function renderSoakMarkdown(
  report: SoakReport,
  chartFile: string,
  latencyLink = "LATENCY.md",
): string {
  const { machine, settings, totals, churn } = report;
  const memoryRows = report.trends.map((t) => [
    t.role,
    t.pids.join(", "),
    mb(t.warmMb),
    mb(t.endMb),
    mb(t.maxMb),
    `${t.growth.toFixed(2)}×`,
    trendCell(report, t),
  ]);
  const minuteRows = report.minutes.map((m) => [
    String(m.minute + 1),
    m.requests.toLocaleString("en-US"),
    rate(m.rps),
    millis(m.p50),
    millis(m.p90),
    millis(m.p99),
    String(m.failedRequests),
    String(m.failedChecks),
  ]);
  const wrong = [
    ...totals.wrongByRequest.map((row) => `- ${row.name}: ${row.fails} wrong`),
    ...report.wrongAnswers.map((line) => `  - \`${line}\``),
  ].join("\n");
  const churnProblems = churn.problems.map((problem) => `- ${problem}`).join("\n");
  return `# Soak: the local platform under ${settings.duration} of mixed load and admin changes

Measured ${report.date}${commitNote(machine)} on ${machine.cpu} (${machine.cores} cores), ${machine.os}, Node ${machine.node}, ${machine.k6}; load average ${machine.loadAverage} at the start and ${report.loadEnd} at the end (other engineers' runs share the machine). ${settings.platform}; ${settings.cpus}.
${settings.vus} k6 VUs (one connection each) for ${settings.duration}, cycling through ${settings.mix.length} requests of every load-test scenario (below); every ${settings.churnEveryMs / 1000} s a stub of the \`churn\` imposter is added at index 0, replaced there or deleted (each change then checked through the imposter), while the mix checks that imposter's stable stubs. PSS of every process of the platform every ${settings.sampleEveryMs / 1000} s.

![Memory of every process over time, and latency per minute](${chartFile})

## Outcome

${verdict(report)}
${wrong === "" ? "" : `\n${wrong}\n`}${churnProblems === "" ? "" : `\nAdmin change problems (first 20):\n\n${churnProblems}\n`}
## Memory (PSS, MB)

${table(["process", "pids", `after ${settings.warmSeconds} s`, "end", "max", "end ÷ warm", ""], memoryRows)}

## Per minute

${table(["minute", "requests", "req/s", "p50 ms", "p90 ms", "p99 ms", "failed requests", "wrong answers"], minuteRows)}

Over the whole run: ${totals.requests.toLocaleString("en-US")} requests, ${rate(totals.rps)} req/s, p50 ${millis(totals.p50)} ms, p99 ${millis(totals.p99)} ms.
The rate is k6's, on one core (${settings.cpus}): at ${settings.vus} connections the platform is run at saturation, so p99 is the saturated tail ([LATENCY.md](${latencyLink}) has latency at fixed rates).

## The mix

${settings.mix.map((name) => `\`${name}\``).join(", ")}.
`;
}

/** Writes SOAK.md, soak.json and soak.svg into `dir`; returns the Markdown's path. */
export function writeSoakReport(report: SoakReport, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const markdown = join(dir, "SOAK.md");
  writeFileSync(join(dir, "soak.svg"), soakChart(report));
  writeFileSync(join(dir, "soak.json"), `${JSON.stringify(report, null, 1)}\n`);
  // The committed latency report, from wherever this one is written (results/tmp/ for a short run).
  const latency = relative(dir, fileURLToPath(new URL("../results/LATENCY.md", import.meta.url)));
  writeFileSync(markdown, renderSoakMarkdown(report, "soak.svg", latency));
  return markdown;
}
