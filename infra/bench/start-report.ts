import type { Machine } from "./machine.ts";
import { type ProcessMemory, totalMb } from "./processes.ts";
import type { MemoryKinds } from "./start-smaps.ts";
import type { StartTarget } from "./start-targets.ts";
import { median } from "./stats.ts";

export type Phase =
  | "idle"
  | "idle100x100"
  | "stubs10k"
  | "duringLoad"
  | "afterLoad"
  | "injectIdle"
  | "injectDuring"
  | "injectAfter";

/** One repetition of one target. */
export interface StartRun {
  target: string;
  repetition: number;
  readyEmptyMs?: number;
  ready100x100Ms?: number;
  serving100x100Ms?: number;
  loadRps?: number;
  loadErrors?: number;
  injectRps?: number;
  injectErrors?: number;
  memory: Partial<Record<Phase, ProcessMemory[]>>;
  /** The largest workerd process's PSS by kind of mapping (kB), mockctl only. */
  workerdKinds?: Partial<Record<Phase, MemoryKinds>>;
}

export interface StartReport {
  date: string;
  machine: Machine;
  seconds: number;
  runs: StartRun[];
  targets: StartTarget[];
}

const PHASES: Array<[Phase, string]> = [
  ["idle", "memory, idle, empty data folder (MB)"],
  ["idle100x100", "memory, idle, 100 imposters × 100 stubs (MB)"],
  ["stubs10k", "memory, one imposter of 10,000 stubs (MB)"],
  ["duringLoad", "memory, the same during load on its last stub (MB)"],
  ["afterLoad", "memory, the same 10 s after the load (MB)"],
  ["injectIdle", "memory, one `inject` imposter, called once (MB)"],
  ["injectDuring", "memory, the same during load on it (MB)"],
  ["injectAfter", "memory, the same 10 s after the load (MB)"],
];

const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

function row(report: StartReport, title: string, pick: (run: StartRun) => number | undefined, digits = 0) {
  const medians = report.targets.map((target) =>
    median(report.runs.filter((r) => r.target === target.id).flatMap((r) => pick(r) ?? [])),
  );
  const mb = medians[report.targets.findIndex((t) => t.id === "mb")] ?? Number.NaN;
  const ratios = medians.filter((_, i) => report.targets[i]?.id !== "mb").map((m) => `${fmt(m / mb, 2)}×`);
  return `| ${title} | ${medians.map((m) => fmt(m, digits)).join(" | ")} | ${ratios.join(" | ")} |`;
}

/** Median PSS of each process (by name) of a target in a phase. */
function breakdown(report: StartReport, target: string, phase: Phase): string {
  const byName = new Map<string, number[]>();
  for (const run of report.runs.filter((r) => r.target === target)) {
    for (const one of run.memory[phase] ?? [])
      byName.set(one.name, [...(byName.get(one.name) ?? []), one.pssKb]);
  }
  return [...byName].map(([name, kb]) => `${name} ${fmt(median(kb) / 1024)}`).join(", ");
}

/** Memory after a load over memory before it, all processes. */
function settled(run: StartRun, after: Phase, before: Phase): number | undefined {
  const [a, b] = [run.memory[after], run.memory[before]];
  return a && b ? totalMb(a) / totalMb(b) : undefined;
}

/** workerd's PSS by kind of mapping, per phase (medians, MB): where its memory lies. */
function kinds(report: StartReport, target: string): string[] {
  const runs = report.runs.filter((r) => r.target === target && r.workerdKinds !== undefined);
  if (runs.length === 0) return [];
  const cell = (phase: Phase, kind: keyof MemoryKinds) =>
    fmt(median(runs.flatMap((r) => r.workerdKinds?.[phase]?.[kind] ?? [])) / 1024);
  return [
    `workerd of \`${target}\` by kind of mapping (median MB; start-smaps.ts):`,
    "",
    "| phase | anonymous (V8 heaps, allocator) | brk heap | files mapped (binary, libraries) | stacks |",
    "|---|---:|---:|---:|---:|",
    ...PHASES.map(
      ([phase, title]) =>
        `| ${title.replace("memory, ", "").replace(" (MB)", "")} | ${cell(phase, "anonymous")} | ${cell(phase, "brk")} | ${cell(phase, "file")} | ${cell(phase, "stack")} |`,
    ),
    "",
  ];
}

export function renderStart(report: StartReport): string {
  const others = report.targets.filter((t) => t.id !== "mb").map((t) => `${t.id} / mb`);
  const m = report.machine;
  const lines = [
    "# bench:start: time to ready and memory, beside Mountebank",
    "",
    `${report.date}, ${m.cpu} (${m.cores} cores), Node ${m.node}, workerd ${m.workerd}, ${m.wrk}. Load average`,
    `${m.loadStart.join(" ")} at the start, ${m.loadEnd?.join(" ") ?? "?"} at the end (the machine is shared).`,
    `Medians of ${Math.max(...report.runs.map((r) => r.repetition))} repetitions; memory is PSS summed over every`,
    `process of the server; load is \`wrk -t1 -c50 -d${report.seconds}s\` on the 10,000th stub, then on an imposter`,
    "whose one response is an `inject` function (a server of its own; every target runs with `--allowInjection`).",
    "",
    ...report.targets.map((t) => `- \`${t.id}\`: ${t.title}`),
    "",
    `| | ${report.targets.map((t) => t.id).join(" | ")} | ${others.join(" | ")} |`,
    `|---|${report.targets.map(() => "---:").join("|")}|${others.map(() => "---:").join("|")}|`,
    row(report, "ready, empty data folder (ms)", (r) => r.readyEmptyMs),
    row(report, "ready, 100 × 100 stubs in the data folder (ms)", (r) => r.ready100x100Ms),
    row(report, "the last of those imposters answering (ms)", (r) => r.serving100x100Ms),
    ...PHASES.map(([phase, title]) =>
      row(report, title, (r) => (r.memory[phase] ? totalMb(r.memory[phase]) : undefined)),
    ),
    row(report, "after load / before load (10,000 stubs)", (r) => settled(r, "afterLoad", "stubs10k"), 2),
    row(report, "requests/s under that load", (r) => r.loadRps, 1),
    row(report, "errors under that load", (r) => r.loadErrors),
    row(report, "after load / before load (`inject`)", (r) => settled(r, "injectAfter", "injectIdle"), 2),
    row(report, "requests/s on the `inject` imposter", (r) => r.injectRps, 1),
    row(report, "errors under that load", (r) => r.injectErrors),
    "",
    "Each process's share (median MB):",
    "",
    ...report.targets.flatMap((t) =>
      PHASES.map(
        ([phase, title]) =>
          `- ${t.id}, ${title.replace("memory, ", "").replace(" (MB)", "")}: ${breakdown(report, t.id, phase)}`,
      ),
    ),
    "",
    ...kinds(report, "mockctl"),
  ];
  return lines.join("\n");
}
