import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderMarkdown } from "./markdown.ts";
import { findOutcome, type Outcome, type Report } from "./model.ts";
import { type ChartBar, type ChartInput, renderChart } from "./svg.ts";

const NOTES: Record<Outcome["status"], string> = {
  ok: "",
  failed: "failed checks",
  error: "did not run",
};

function chartBar(outcome: Outcome | undefined, series: string): ChartBar {
  if (outcome === undefined) return { series, note: "not run" };
  const value = outcome.status === "ok" ? outcome.measurement?.rps : undefined;
  return value === undefined ? { series, note: NOTES[outcome.status] } : { series, value };
}

/** One row per scenario, Mountebank above the platform; the floor is the reference line, not a row. */
export function chartInput(report: Report): ChartInput {
  const find = (scenario: string, target: string) => findOutcome(report.outcomes, scenario, target);
  const rows = report.scenarios
    .filter((scenario) => scenario.id !== "floor")
    .map((scenario) => ({
      label: scenario.title,
      bars: [
        chartBar(find(scenario.id, "mountebank"), "mountebank"),
        chartBar(find(scenario.id, "platform"), "platform"),
      ],
    }));
  const floor = find("floor", "floor");
  const reference =
    floor?.status === "ok" && floor.measurement
      ? {
          label: "floor: hello-world Worker, GET / (one k6 run; other requests may go faster)",
          value: floor.measurement.rps,
        }
      : undefined;
  const title = `Requests per second, mockctl platform vs Mountebank ${report.machine.mountebank}`;
  return reference === undefined ? { title, rows } : { title, rows, reference };
}

export interface Written {
  markdown: string;
  json: string;
  svg: string;
}

/** Writes <md>, <base>.json and <base>.svg into `dir`; the Markdown links the chart by its file name. */
export function writeReport(report: Report, dir: string, names: { markdown: string; base: string }): Written {
  mkdirSync(dir, { recursive: true });
  const written = {
    markdown: join(dir, names.markdown),
    json: join(dir, `${names.base}.json`),
    svg: join(dir, `${names.base}.svg`),
  };
  writeFileSync(written.svg, renderChart(chartInput(report)));
  writeFileSync(written.json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(written.markdown, renderMarkdown(report, `${names.base}.svg`));
  return written;
}
