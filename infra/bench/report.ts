import { INTERVAL_LABEL, type Interval } from "./interval.ts";
import type { Machine } from "./machine.ts";
import type { Scenario } from "./scenarios.ts";
import { median, type SeriesSummary, TARGET_RATIO } from "./stats.ts";

/** The rest between warm-up and run, where there was one: it is not how a run is usually made (--rest). */
const rested = (run: BenchRun) =>
  run.restSeconds === undefined ? "" : ` (then every server rested ${run.restSeconds} s)`;

/** One benchmark run, as results.json stores it and RESULTS.md shows it. */
export interface BenchRun {
  date: string;
  machine: Machine;
  tool: string;
  flags: string;
  warmupSeconds: number;
  /** Seconds every server rested between a row's warmup and its measured run (--rest), when not 0. */
  restSeconds?: number;
  rounds: number;
  /** The commit the measured platform's edge was built on, and the baseline edge's, if any. */
  edge: { platform: string; baseline?: string };
  /** The scenarios the baseline edge could not serve (by id), with what it answered instead. */
  notOnBaseline?: Record<string, string>;
  scenarios: Array<
    Pick<Scenario, "id" | "title" | "path" | "target" | "headers" | "body" | "requests" | "note"> & {
      /** How many requests the rotation had, when `requests` keeps only its first few (recordedScenario). */
      requestCount?: number;
    }
  >;
  summaries: SeriesSummary[];
}

const SERVER_LABEL = {
  floor: "floor",
  platform: "platform",
  direct: "platform on workerd's socket",
  baseline: "baseline edge",
  ceiling: "wrk ceiling",
} as const;

/** A rotation longer than this is stored by its first few requests and its length. */
const LISTED_REQUESTS = 8;

/** A scenario as results.json keeps it: a rotation of thousands of distinct bodies is not copied whole. */
export function recordedScenario(scenario: Scenario): BenchRun["scenarios"][number] {
  const { id, title, path, target, headers, body, requests, note } = scenario;
  const recorded = { id, title, path, target, headers, body, requests, note };
  if (requests === undefined || requests.length <= LISTED_REQUESTS) return recorded;
  return { ...recorded, requests: requests.slice(0, 3), requestCount: requests.length };
}

export const int = (value: number) => Math.round(value).toLocaleString("en");
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
export const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
const label = (summary: SeriesSummary) => `${SERVER_LABEL[summary.server]}: ${summary.title}`;

/** The failed requests of every round, with wrk's kinds beside a count that is not 0: `3 (timeout 2, read 1)`. */
function failedCell(summary: SeriesSummary): string {
  const failures = summary.failures.reduce((sum, value) => sum + value, 0);
  const kinds = Object.entries(summary.failedBy ?? {}).map(([kind, count]) => `${kind} ${count}`);
  return kinds.length === 0 ? String(failures) : `${failures} (${kinds.join(", ")})`;
}

/** More rounds than this are shown by their range: each round's rate stays in results.json. */
const ROUND_COLUMNS = 10;

const range = (interval: Interval | undefined) =>
  interval === undefined ? "" : `${percent(interval.low)}–${percent(interval.high)}`;

function roundCells(run: BenchRun, summary: SeriesSummary): string[] {
  if (run.rounds <= ROUND_COLUMNS) return summary.rps.map(int);
  return [`${int(Math.min(...summary.rps))}–${int(Math.max(...summary.rps))}`];
}

function resultRow(run: BenchRun, summary: SeriesSummary): string {
  const outcome = summary.met === undefined ? "info" : summary.met ? "**met**" : "**missed**";
  const target = summary.generatorBound === true ? "**wrk-bound, not counted**" : outcome;
  const ratios = [percent(summary.ratio), range(summary.ratioInterval), percent(summary.roundRatio)];
  const share = summary.ceilingShare === undefined ? "" : percent(summary.ceilingShare);
  return row([
    label(summary),
    ...roundCells(run, summary),
    `**${int(summary.median)}**`,
    summary.server === "ceiling" ? "" : summary.floor,
    ...ratios,
    share,
    failedCell(summary),
    target,
  ]);
}

function resultsTable(run: BenchRun): string[] {
  const rounds =
    run.rounds <= ROUND_COLUMNS
      ? Array.from({ length: run.rounds }, (_, i) => `round ${i + 1}`)
      : [`${run.rounds} rounds, lowest–highest`];
  const head = [
    "target",
    ...rounds,
    "median req/s",
    "floor",
    "vs floor",
    `${INTERVAL_LABEL} interval`,
    "per-round ratio",
    "of wrk's ceiling",
    "failed",
    "≥ 85%",
  ];
  return [
    row(head),
    row(head.map((_, i) => (i === 0 ? "---" : "---:"))),
    ...run.summaries.map((summary) => resultRow(run, summary)),
  ];
}

/** The platform as built now against the baseline edge, scenario by scenario (only with --baseline). */
function beforeAfter(run: BenchRun): string[] {
  if (run.edge.baseline === undefined) return [];
  const lines = ["", `### Before (edge at ${run.edge.baseline}) and after`, ""];
  lines.push(
    row(["scenario", "before req/s", "after req/s", "after / before"]),
    row(["---", "---:", "---:", "---:"]),
  );
  for (const after of run.summaries.filter((summary) => summary.server === "platform")) {
    const before = run.summaries.find((s) => s.server === "baseline" && s.scenario === after.scenario);
    if (before === undefined) continue;
    const change = `${(after.median / before.median).toFixed(2)}×`;
    lines.push(row([after.title, int(before.median), int(after.median), change]));
  }
  for (const [id, reason] of Object.entries(run.notOnBaseline ?? {})) {
    const title = run.scenarios.find((scenario) => scenario.id === id)?.title ?? id;
    lines.push(row([title, `not served by the baseline edge (${reason})`, "", ""]));
  }
  return lines;
}

/**
 * workerd's CPU per request beside the rate (floor and platform on workerd's socket only): a tenant that
 * takes the core slows the rate of whatever runs then, not the CPU each request costs.
 */
function cpuTable(run: BenchRun): string[] {
  const read = run.summaries.filter((s) => s.server === "direct" && s.cpuRatio !== undefined);
  if (read.length === 0) return [];
  const us = (values: number[] | undefined) => (values === undefined ? "" : int(median(values)));
  const lines = [
    "",
    "### CPU per request: workerd's, from /proc, each platform run paired with a floor run (informational)",
    "",
    "User plus system time of the server's workerd processes over each measured run, per request. Each",
    "platform run follows a run of its floor made just before it (same length, not counted in the rates",
    "above); the ratio is the median over rounds of the floor's µs ÷ the platform's in each such pair: the",
    "share of the floor's rate the platform would reach with workerd alone on its core. The target above",
    "stays the rate.",
    "",
    row(["scenario", "floor", "floor µs", "platform µs", "rounds (floor ÷ platform µs)", "floor ÷ platform"]),
    row(["---", "---", "---:", "---:", "---:", "---:"]),
  ];
  for (const summary of read) {
    const floors = summary.floorCpuUs ?? [];
    const rounds = (summary.cpuUs ?? [])
      .map((us, i) => `${int(floors[i] ?? Number.NaN)}÷${int(us)}`)
      .join(" / ");
    const cells = [
      summary.floor,
      us(summary.floorCpuUs),
      us(summary.cpuUs),
      rounds,
      (summary.cpuRatio ?? 0).toFixed(2),
    ];
    lines.push(row([summary.title, ...cells]));
  }
  return lines;
}

/**
 * The platform on workerd's socket against the floor Worker sent the very requests it was sent: what is left
 * is the platform's own work. The last column is what those requests cost the floor over its shape's.
 */
function sameRequestsTable(run: BenchRun): string[] {
  const read = run.summaries.filter((s) => s.server === "direct" && s.sameRequests !== undefined);
  if (read.length === 0) return [];
  const ratio = (value: number) => (Number.isNaN(value) ? "" : value.toFixed(2));
  const lines = [
    "",
    "### The floor sent each scenario's own requests (informational)",
    "",
    "Just before each run of the platform on workerd's socket, the floor Worker was also loaded with that",
    "scenario's own rotation (its paths, headers and bodies). Rate and CPU are the medians over rounds of those",
    "pairs: the platform's own work, with what the requests cost the runtime taken out. The last column, the",
    "floor's CPU on its shape's requests ÷ on these, is that cost: below 1 when these requests (a longer path,",
    "more headers, several requests in turn) cost the runtime more than the floor's. The target stays the rate",
    "against the floor of the shape, above.",
    "",
    row([
      "scenario",
      "floor, own requests, req/s",
      "platform req/s",
      "rate ÷ floor",
      "floor µs",
      "platform µs",
      "floor ÷ platform µs",
      "the requests' cost to the floor",
    ]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
  ];
  for (const summary of read) {
    const same = summary.sameRequests!;
    const cells = [
      int(median(same.rps)),
      int(summary.median),
      ratio(same.ratio),
      int(median(same.cpuUs)),
      summary.cpuUs === undefined ? "" : int(median(summary.cpuUs)),
      ratio(same.cpuRatio),
      ratio(same.shapeCpuRatio),
    ];
    lines.push(row([summary.title, ...cells]));
  }
  return lines;
}

/** Which platform the target is held to, said plainly: both it and the floor on workerd's socket, or not. */
function judged(run: BenchRun): string {
  const onSocket = "Judged: the platform on workerd's socket, served as the floor is (what the engine costs)";
  if (relayPairs(run).length > 0)
    return `${onSocket}; the relay's price is the table above (what the local plumbing costs).`;
  if (run.summaries.some((summary) => summary.server === "direct"))
    return `${onSocket}; the platform behind the relay was not loaded in this run (--judged-only).`;
  return "Judged: the platform behind the keep-alive relay, against the floor on workerd's socket (the relay's price is in the ratio).";
}

/** With --direct: each scenario on workerd's socket and behind the keep-alive relay (none with --judged-only). */
function relayPairs(run: BenchRun): Array<{ socket: SeriesSummary; relayed: SeriesSummary }> {
  return run.summaries.flatMap((socket) => {
    if (socket.server !== "direct") return [];
    const relayed = run.summaries.find((s) => s.server === "platform" && s.scenario === socket.scenario);
    return relayed === undefined ? [] : [{ socket, relayed }];
  });
}

/** With --direct: the platform behind the keep-alive relay over the same platform on workerd's socket. */
function relayPrice(run: BenchRun): string[] {
  const pairs = relayPairs(run);
  if (pairs.length === 0) return [];
  const lines = [
    "",
    "### The local plumbing: the platform behind the keep-alive relay (as `npm start` serves it) over the same platform on workerd's socket",
    "",
    row([
      "scenario",
      "on workerd's socket req/s",
      "behind the relay req/s",
      "relay / socket",
      "per-round ratio",
    ]),
    row(["---", "---:", "---:", "---:", "---:"]),
  ];
  for (const { socket, relayed } of pairs) {
    const perRound = median(relayed.rps.map((value, round) => value / (socket.rps[round] ?? Number.NaN)));
    const cells = [
      int(socket.median),
      int(relayed.median),
      `${(relayed.median / socket.median).toFixed(2)}×`,
    ];
    lines.push(row([socket.title, ...cells, `${perRound.toFixed(2)}×`]));
  }
  return lines;
}

/** Whether the run could have read the other side of the target: its interval holds TARGET_RATIO. */
function sureness(interval: Interval | undefined): string {
  if (interval === undefined) return "";
  const holds = interval.low < TARGET_RATIO && interval.high >= TARGET_RATIO;
  const reading = `${INTERVAL_LABEL} interval ${range(interval)}`;
  return holds ? ` (${reading}: this run cannot tell it from the target)` : ` (${reading})`;
}

function verdict(summary: SeriesSummary): string {
  const gap = TARGET_RATIO - summary.ratio;
  const outcome = gap <= 0 ? "met" : `missed by ${(gap * 100).toFixed(1)} points`;
  const interval = sureness(summary.ratioInterval);
  return `- ${label(summary)}: ${percent(summary.ratio)} of the floor${interval}: ${outcome}`;
}

function scenarioLine(scenario: BenchRun["scenarios"][number]): string {
  const info = scenario.target
    ? ""
    : ` (informational${scenario.note === undefined ? "" : `: ${scenario.note}`})`;
  if (scenario.requests !== undefined) {
    const sent = scenario.requests.map(
      ({ method, path, body }) => `\`${method} ${path}\`${body ? " + body" : ""}`,
    );
    const more =
      scenario.requestCount === undefined
        ? ""
        : `, … (${int(scenario.requestCount)} requests; the first bodies: ${scenario.requests.map(({ body }) => `\`${body ?? ""}\``).join(", ")})`;
    return `  - ${scenario.id}, ${scenario.title}: ${sent.join(", ")}${more} in turn${info}`;
  }
  const headers = Object.entries(scenario.headers ?? {}).map(
    ([name, value]) => ` with \`${name}: ${value}\``,
  );
  const verb = scenario.body === undefined ? "GET" : "POST";
  const body = scenario.body === undefined ? "" : ` with body \`${scenario.body}\``;
  return `  - ${scenario.id}, ${scenario.title}: \`${verb} ${scenario.path}\`${headers.join("")}${body}${info}`;
}

function machineLines({ machine, date }: BenchRun): string[] {
  const load = (values: number[] | undefined) => values?.join(", ") ?? "n/a";
  return [
    `- date: ${date}`,
    `- CPU: ${machine.cpu}, ${machine.cores} cores (wrk and workerd share them; other work on the machine too)`,
    `- Node ${machine.node}, workerd ${machine.workerd}, ${machine.wrk}`,
    `- load average (1, 5, 15 min) at the start: ${load(machine.loadStart)}; at the end: ${load(machine.loadEnd)}`,
  ];
}

/** RESULTS.md: written by `npm run bench:platform`, so every number in it comes from one run. */
export function renderResults(run: BenchRun): string {
  const baseline =
    run.edge.baseline === undefined ? "" : `; the baseline edge is workers/edge at ${run.edge.baseline}`;
  const plural = run.rounds === 1 ? "round" : "rounds";
  return [
    "# Throughput: the platform against a hello-world Worker",
    "",
    "Written by `npm run bench:platform` (infra/bench/throughput.ts); the raw numbers are in results.json.",
    "",
    "## Scenario",
    "",
    "- **floor**: infra/floor, a Worker answering `hello`, on Miniflare with a direct socket.",
    "- **platform**: what `npm start` runs (workers/edge and workers/admin in one Miniflare, the front door on a",
    `  direct socket, a temporary data folder), edge at ${run.edge.platform}${baseline}. Imposters are created`,
    "  through the admin API and addressed by path:",
    ...run.scenarios.map(scenarioLine),
    "- Every target is checked to answer 200 with its body (a cycling stub: its whole cycle) before it is loaded.",
    "- Stubs whose predicates read only the method, path, query, headers by name and the body are answered from",
    "  a memo of the request line, those headers' values and the body's text after the first request",
    "  (workers/edge/src/route-memo.ts), with the answers `copy` makes from those fields since 2026-11-28",
    "  (templates); the regex scenarios are kept off it, and a stub on anything else (the",
    "  client's address, a form, every header) takes the full path (read, normalize, match, resolve) every time.",
    "  Since 2026-12-02 a URL's repeated memo hits take its express lane (workers/edge/src/express-lane.ts): the",
    "  memo's answers by URL, method and key, past the address, registry and key building of each hit.",
    "",
    "## Method",
    "",
    `\`wrk ${run.flags}\` (${run.tool}) on 127.0.0.1 only, after a ${run.warmupSeconds} s warm-up of the same${rested(run)}`,
    `target; ${run.rounds} ${plural}, each loading every target once in turn, the first target rotating from`,
    "round to round. `vs floor` is the median over the floor's median; `per-round ratio` is the median of each",
    "round's rate over the floor's rate in the same round; the interval beside `vs floor` holds the middle",
    `${INTERVAL_LABEL} of that ratio taken again over the rounds drawn with replacement (infra/bench/interval.ts): how far`,
    "this run's reading could move. `failed`: socket errors plus non-2xx answers",
    "over every round (the REST API's `no-match` request is an expected 404), by wrk's kind where there are",
    "any: `connect`, `read` and `write` errors of the socket, `timeout` for no answer within wrk's 2 s,",
    "`status` for a non-2xx answer. Each scenario is read against the floor of its",
    "request shape (`floor` column): the static GET, the load tests' GET requests sent by wrk's Lua `request`,",
    "or a POST whose body the floor Worker reads as text. `of wrk's ceiling`: the larger of the row's and its",
    "floor's median over wrk's own rate against a canned-answer server (infra/bench/ceiling.ts) with the",
    "floor's requests; from 80% up the row measures wrk and counts for nothing.",
    "",
    "## Results",
    "",
    ...resultsTable(run),
    ...beforeAfter(run),
    ...relayPrice(run),
    ...cpuTable(run),
    ...sameRequestsTable(run),
    "",
    `Target: an imposter at ≥ ${percent(TARGET_RATIO)} of the floor's requests per second. ${judged(run)}`,
    "",
    ...run.summaries.filter((summary) => summary.met !== undefined).map(verdict),
    "",
    "## Machine",
    "",
    ...machineLines(run),
    "",
  ].join("\n");
}
