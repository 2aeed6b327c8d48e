import { goalValue, millis, rate, times } from "./format.ts";
import { K6_BOUND_SHARE, k6Bound } from "./goals.ts";
import { commitNote } from "./machine.ts";
import { findOutcome, type Goal, type GoalStatus, type Outcome, type Report } from "./model.ts";

const STATUS: Record<GoalStatus, string> = {
  met: "**met**",
  missed: "missed",
  failed: "failed checks",
  "not measured": "not measured",
};

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function goalRows(goals: readonly Goal[]): string[][] {
  return goals.map((goal) => [
    goal.goal,
    goal.request === undefined ? goal.scenario : `${goal.scenario} (${goal.request})`,
    goal.actual === undefined ? "–" : goalValue(goal.needed, goal.actual),
    STATUS[goal.status],
    goal.note ?? "",
  ]);
}

function rpsOf(outcomes: readonly Outcome[], scenario: string, target: string): number | undefined {
  const found = findOutcome(outcomes, scenario, target);
  return found?.status === "ok" ? found.measurement?.rps : undefined;
}

/** Who set a row's rate: k6 when the target came within reach of k6's rate on the floor (goals.ts). */
function limitedBy(target: string, rps: number, floor: number | undefined): string {
  if (target === "floor") return "k6 (its ceiling)";
  if (floor === undefined) return "";
  return k6Bound(rps, floor) ? "k6" : "the target";
}

function resultRows(report: Report): string[][] {
  const plainFloor = rpsOf(report.outcomes, "floor", "floor");
  return report.outcomes.map((outcome) => {
    const m = outcome.measurement;
    const mb = rpsOf(report.outcomes, outcome.scenario, "mountebank");
    const floor = rpsOf(report.outcomes, outcome.scenario, "floor") ?? plainFloor;
    const ok = outcome.status === "ok" && m !== undefined;
    const bound = ok && k6Bound(m.rps, floor) ? "≥ " : "";
    const vsMb = ok && outcome.target === "platform" && mb !== undefined ? bound + times(m.rps / mb) : "";
    if (m === undefined)
      return [outcome.scenario, outcome.target, outcome.status, "", "", "", "", "", "", "", ""];
    const errors = [String(m.failedRequests), String(m.failedChecks)];
    const latency = [millis(m.p50), millis(m.p95), millis(m.p99)];
    const label = ok ? rate(m.rps) : `${rate(m.rps)} (${outcome.status})`;
    return [
      outcome.scenario,
      outcome.target,
      label,
      ...latency,
      String(m.requests),
      ...errors,
      vsMb,
      ok ? limitedBy(outcome.target, m.rps, floor) : "",
    ];
  });
}

function requestRows(report: Report): string[][] {
  const rows: string[][] = [];
  for (const { id } of report.scenarios) {
    const mb = findOutcome(report.outcomes, id, "mountebank")?.measurement?.perRequest ?? [];
    const ours = findOutcome(report.outcomes, id, "platform")?.measurement?.perRequest ?? [];
    const floors = findOutcome(report.outcomes, id, "floor")?.measurement?.perRequest ?? [];
    for (const name of new Set([...mb, ...ours].map((row) => row.name))) {
      const [theirs, mine] = [mb.find((r) => r.name === name), ours.find((r) => r.name === name)];
      const floor = floors.find((r) => r.name === name);
      const ratio = theirs && mine && theirs.rps > 0 ? times(mine.rps / theirs.rps) : "";
      const cell = (value: number | undefined, format: (n: number) => string) =>
        value === undefined ? "–" : format(value);
      rows.push([
        id,
        name,
        cell(theirs?.rps, rate),
        cell(mine?.rps, rate),
        cell(floor?.rps, rate),
        ratio,
        cell(theirs?.p50, millis),
        cell(mine?.p50, millis),
      ]);
    }
  }
  return rows;
}

function problems(report: Report): string {
  const troubled = report.outcomes.filter((outcome) => outcome.problems.length > 0);
  if (troubled.length === 0)
    return "None: every answer was checked for status and body, and every check held.";
  return troubled
    .map(
      (o) =>
        `- **${o.scenario}** on ${o.target} (${o.status}):\n${o.problems.map((p) => `  - ${p.replaceAll("\n", " ")}`).join("\n")}`,
    )
    .join("\n");
}

/** The goals, judged; a smoke run's are not: a few seconds at 4 VUs say nothing about speed. */
function goalsSection(report: Report, met: number): string {
  if (report.smoke)
    return "## Goals\n\nNot judged: a smoke run checks answers, and its numbers say nothing about speed.\n";
  return `## Goals (${met} of ${report.goals.length} met)

${table(["goal", "scenario", "measured", "status", "note"], goalRows(report.goals))}
`;
}

export function renderMarkdown(report: Report, chartFile: string): string {
  const { machine, settings } = report;
  const met = report.goals.filter((goal) => goal.status === "met").length;
  return `# Load test: the mockctl platform against Mountebank ${machine.mountebank}

${report.smoke ? "**Smoke run: these numbers check correctness only, not speed.**\n\n" : ""}Measured ${report.date}${commitNote(machine)} on ${machine.cpu} (${machine.cores} cores), ${machine.os}, Node ${machine.node}, ${machine.k6}; load average ${machine.loadAverage} at the start (${machine.cores} cores).
${settings.duration} per scenario and target at ${settings.vus} VUs (stress: ${settings.stressVus}), one target at a time, k6 on the same machine (${settings.cpus ?? "k6 and the target share every core"}).

![Requests per second by scenario, log scale](${chartFile})

${goalsSection(report, met)}

## Throughput and latency

${table(["scenario", "target", "req/s", "p50 ms", "p95 ms", "p99 ms", "requests", "failed requests", "failed checks", "× Mountebank", "rate set by"], resultRows(report))}

## Per request

${table(["scenario", "request", "Mountebank req/s", "platform req/s", "floor req/s (the same requests)", "× Mountebank", "Mountebank p50 ms", "platform p50 ms"], requestRows(report))}

## Problems

${problems(report)}

## How to read this

- Each request of a scenario is measured alone, in its own slice of the scenario's time ("first", "last"…),
  so "last of N" is the throughput of that request alone; a scenario's req/s is over all its slices.
  The stress scenario mixes its four requests instead.
- Every response is checked for status and exact body (JSON by content for the admin API); a wrong answer
  counts as a failed check, never as throughput.
- Latency is k6's \`http_req_duration\` (request sent to response read), without connection set-up, which
  Mountebank pays on every request since it answers \`Connection: close\`.
- Mountebank runs with \`--loglevel warn\`: its default \`info\` writes a log line per request.
- The floor is a hello-world Worker served the same way as the platform's front door and sent the
  scenario's own requests (same methods, paths, headers and bodies), which it answers with \`hello\`. k6 on
  one core tops out far below what workerd serves (4,000-5,000 req/s against ~20,000 with wrk), so the
  floor's rate here is **k6's ceiling**, not the runtime's: "rate set by" says "k6" where a target came
  within ${Math.round(K6_BOUND_SHARE * 100)}% of it, and a ratio to Mountebank there is a lower bound ("≥"). This report does not compare
  the platform with the floor: that needs a generator that is not the limit, \`npm run bench:platform\`
  (wrk; [infra/bench/RESULTS.md](../../infra/bench/RESULTS.md)). The chart's line is the floor's plain \`GET /\`.
- Latency at fixed request rates, beside Mountebank: [LATENCY.md](LATENCY.md); the 10-minute soak: [SOAK.md](SOAK.md).
`;
}
