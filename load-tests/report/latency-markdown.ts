import { millis, percent, rate } from "./format.ts";
import { delivered, type LatencyReport, type RatePoint, type ScenarioLatency } from "./latency-model.ts";
import { commitNote } from "./machine.ts";
import { table } from "./markdown.ts";

const runs = (s: ScenarioLatency, target: string, basis: string, share: number) =>
  s.points.filter((p) => p.target === target && p.basis === basis && p.share === share);

/** The run with the median p99 of a target's runs at one rate (of two, the slower): it stands for them. */
const find = (s: ScenarioLatency, target: string, basis: string, share: number) =>
  medianRun(runs(s, target, basis, share));

function repeatNote(repeat: number | undefined): string {
  if (repeat === undefined || repeat < 2) return "";
  return `; at each of Mountebank's shares both Mountebank and the platform run ${repeat} times, alternated, and the run with the median p99 stands for each (every run's p99 follows it)`;
}

function medianRun(points: RatePoint[]): RatePoint | undefined {
  return [...points].sort((a, b) => a.p99 - b.p99)[Math.floor(points.length / 2)];
}

/** With several runs, every run's p99 after the median's latencies, so the spread is in the report. */
function spread(s: ScenarioLatency, target: string, share: number): string {
  const all = runs(s, target, "mountebank", share).filter((p) => p.skipped === undefined);
  return all.length < 2 ? "" : ` (p99 of ${all.length} runs: ${all.map((p) => millis(p.p99)).join(", ")})`;
}

const shareLabel = (p: RatePoint) => (p.basis === "k6" ? "k6's most" : `${percent(p.share)} of ${p.basis}`);

/** p50 / p90 / p99, or why there is none. */
function latencies(point: RatePoint | undefined): string {
  if (point === undefined) return "–";
  if (point.skipped !== undefined) return `not run: ${point.skipped}`;
  const text = `${millis(point.p50)} / ${millis(point.p90)} / ${millis(point.p99)}`;
  const wrong =
    point.failedChecks + point.failedRequests > 0
      ? ` (${point.failedChecks} wrong, ${point.failedRequests} failed)`
      : "";
  return delivered(point)
    ? text + wrong
    : `${text}${wrong}; k6 delivered ${rate(point.delivered)} req/s, ${point.dropped} dropped`;
}

/** Our p99 against Mountebank's at each of Mountebank's shares: the issue's goal. */
export function versusMountebank(s: ScenarioLatency): { rows: string[][]; held: number; judged: number } {
  let [held, judged] = [0, 0];
  const rows = [0.25, 0.5, 0.75].map((share) => {
    const [mb, ours] = [find(s, "mountebank", "mountebank", share), find(s, "platform", "mountebank", share)];
    let verdict = "not judged";
    if (mb && ours && delivered(mb) && delivered(ours)) {
      judged++;
      const ok = ours.p99 <= mb.p99 && ours.failedChecks + ours.failedRequests === 0;
      if (ok) held++;
      verdict = ok ? `**held** (${(mb.p99 / Math.max(ours.p99, 0.001)).toFixed(1)}× lower)` : "**missed**";
    }
    return [
      s.scenario,
      `${percent(share)}: ${rate(mb?.offered ?? 0)}`,
      latencies(mb) + spread(s, "mountebank", share),
      latencies(ours) + spread(s, "platform", share),
      verdict,
    ];
  });
  return { rows, held, judged };
}

function ownRows(s: ScenarioLatency): string[][] {
  return s.points
    .filter((p) => p.target === "platform" && p.basis !== "mountebank")
    .map((p) => [
      s.scenario,
      shareLabel(p),
      rate(p.offered),
      latencies(p),
      latencies(find(s, "floor", p.basis, p.share)),
    ]);
}

function saturationRows(s: ScenarioLatency): string[][] {
  const cell = (target: string) => {
    const sat = s.saturation.find((x) => x.target === target);
    if (sat === undefined) return "–";
    const errors = sat.errors > 0 ? `, ${sat.errors} errors` : "";
    return `${rate(sat.rps)} (${millis(sat.p50)} / ${millis(sat.p99)}${errors})`;
  };
  return [[s.scenario, s.request, cell("mountebank"), cell("platform"), cell("floor")]];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Our p99 against the floor's at the same offered rate, run back to back, over every scenario but user code. */
export function tailVersusFloor(report: LatencyReport) {
  const pairs = report.scenarios
    .filter((s) => s.scenario !== "decorate")
    .flatMap((s) =>
      s.points
        .filter((p) => p.target === "platform" && p.basis !== "mountebank" && p.skipped === undefined)
        .map((ours) => [ours, find(s, "floor", ours.basis, ours.share)] as const)
        .filter(([, floor]) => floor !== undefined && floor.skipped === undefined && floor.p99 > 0),
    );
  return {
    pairs: pairs.length,
    ratio: median(pairs.map(([ours, floor]) => ours.p99 / floor!.p99)),
    ours: median(pairs.map(([ours]) => ours.p99)),
    floor: median(pairs.map(([, floor]) => floor!.p99)),
    p50: median(pairs.map(([ours]) => ours.p50)),
  };
}

/** The pairs behind the tail's explanation; a run of user code alone has none to show. */
function tailPairs(report: LatencyReport): string {
  const tail = tailVersusFloor(report);
  if (tail.pairs === 0)
    return "This run has no scenario outside user code, so no such pair is measured here.";
  return `Over ${tail.pairs} pairs of runs (the platform and the floor at the same rate,
back to back, every scenario but decorate), the median p99 is ${millis(tail.ours)} ms for the platform and
${millis(tail.floor)} ms for the floor (median ratio ${tail.ratio.toFixed(2)}), while the platform's median p50 is
${millis(tail.p50)} ms.`;
}

export function tailSection(report: LatencyReport): string {
  return `## Where the saturated tail comes from

The shape the issue saw at saturation (median well under a millisecond, p99 in the hundreds) is the runtime's
and the machine's, not the platform's work: the hello-world floor, which does nothing but answer \`hello\`,
shows it at the same offered rates. ${tailPairs(report)} workerd serves every request of an isolate on one thread; when that thread is off the CPU
(another process's time slice on a shared 2-core machine, a V8 garbage collection, k6 or wrk taking the
core back) every request that arrives meanwhile waits for it, so the slowest 1% measure the stalls, not the
work. The saturated runs above (wrk) show the same: the floor's p99 is of the same order as ours. With more
than 16 connections busy at once (wrk's 50) workerd can also leave some unread: its event loop asks epoll for
16 ready sockets at a time and only once it runs out of work, so 16 busy connections can hold the others up
for as long as they keep it busy, up to seconds on a busy machine. Clients reach the floor directly and meet
that; the platform's launcher lets 16 requests into workerd at a time, so it cannot form behind it
(\`infra/bench/kj-starvation/\`). User code
(decorate) is the exception: its hop to the user-code host adds its own queue, and its p99 is several times
the floor's.
`;
}

/** A warning when other work took most of the machine: latency then measures the machine. */
function busy(report: LatencyReport): string {
  const load = Math.max(report.machine.loadAverage, report.loadEnd);
  if (load < report.machine.cores) return "";
  return `**The machine was busy (load average up to ${load} on ${report.machine.cores} cores): many rates could not be kept and the tails are mostly the machine's. Judge ratios measured back to back, not absolute numbers, and re-run on a quiet machine.**\n\n`;
}

/** Which of the rates k6 could offer, read from the runs: what one machine reaches another may not. */
export function reach(report: LatencyReport): string {
  const points = report.scenarios.flatMap((s) => s.points);
  const beyond = (basis: RatePoint["basis"]) =>
    points.filter((p) => p.basis === basis && p.skipped !== undefined).map((p) => p.share);
  const mb = beyond("mountebank");
  const own = [...new Set(beyond("platform"))].sort().map((share) => `${share * 100}%`);
  const mbPart =
    mb.length === 0
      ? "Mountebank's shares were all measured"
      : `${mb.length} of Mountebank's shares were beyond k6`;
  const ownPart =
    own.length === 0
      ? "and so were the platform's own"
      : `and the platform's own ${own.join(" and ")} were beyond k6 in at least one scenario`;
  return `${mbPart}, ${ownPart}.`;
}

/** The sentence saying how the platform ran, or nothing for reports that did not record it. */
export function startedAs(settings: LatencyReport["settings"]): string {
  return settings.platform === undefined ? "" : ` The platform: ${settings.platform}.`;
}

export function renderLatencyMarkdown(report: LatencyReport): string {
  const { machine, settings } = report;
  const vsMb = report.scenarios.map(versusMountebank);
  const [held, judged] = vsMb.reduce(([h, j], v) => [h + v.held, j + v.judged], [0, 0]);
  const problems = report.scenarios.flatMap((s) => s.problems.map((p) => `- ${s.scenario}: ${p}`));
  return `# Latency at fixed request rates: the platform beside Mountebank ${machine.mountebank}

Measured ${report.date}${commitNote(machine)} on ${machine.cpu} (${machine.cores} cores), ${machine.os}, Node ${machine.node}, ${machine.k6}, ${settings.wrk}; load average ${machine.loadAverage} at the start and ${report.loadEnd} at the end; ${settings.cpus} (wrk too).${startedAs(settings)}
${busy(report)}One request per scenario (named below), so wrk and k6 send the same. **Saturated rate**: wrk, ${settings.connections} connections, ${settings.saturationSeconds} s, per target. **Fixed rates**: k6 \`constant-arrival-rate\` for ${settings.seconds} s per rate, every answer checked for status and body${repeatNote(settings.repeat)}. Latency is p50 / p90 / p99 in ms.

k6 on its one core offers at most **${rate(report.k6Ceiling)} req/s** here (50 VUs back to back on the floor's \`GET /\`); rates above 90% of that are not run, and a rate k6 could not keep (more than 1% of its iterations dropped) is marked with what it delivered. ${reach(report)} "k6's most" is the highest load this machine can offer at a fixed rate.

## At every rate Mountebank can serve: our p99 ≤ Mountebank's (${held} of ${judged} held)

${table(
  [
    "scenario",
    "rate (share of mb's saturated, req/s)",
    "Mountebank p50 / p90 / p99",
    "platform p50 / p90 / p99",
    "platform p99 ≤ mb p99",
  ],
  vsMb.flatMap((v) => v.rows),
)}

## The platform at its own shares, beside the floor at the same rates

${table(["scenario", "rate", "req/s", "platform p50 / p90 / p99", "floor p50 / p90 / p99"], report.scenarios.flatMap(ownRows))}

## Saturated rates (wrk): req/s (p50 / p99 ms)

${table(["scenario", "request", "Mountebank", "platform", "floor"], report.scenarios.flatMap(saturationRows))}

${tailSection(report)}
${problems.length === 0 ? "Every answer k6 got was right (status and body)." : `## Problems\n\n${problems.join("\n")}`}
`;
}
