import { describe, expect, it } from "vitest";
import type { MemorySample } from "../runner/memory-sampler.ts";
import { renderSoakMarkdown, soakChart } from "./soak-markdown.ts";
import type { SoakReport } from "./soak-model.ts";
import { memoryTrends } from "./soak-summary.ts";

/**
 * A clean run of `seconds` whose user-code host starts a second in and then grows from 22 to 29 MB; with
 * `hostLineMb`, the host is judged against that recycle line.
 */
function report(seconds: number, memoryJudged: boolean | undefined, hostLineMb?: number): SoakReport {
  const memory: MemorySample[] = Array.from({ length: 11 }, (_, i) => ({
    seconds: (seconds * i) / 10,
    processes: [
      { pid: 1, role: "workerd", pssMb: 60 },
      ...(i === 0 ? [] : [{ pid: 2, role: "user-code host", pssMb: 22 + (7 * i) / 10 }]),
    ],
  }));
  const warmSeconds = Math.min(60, seconds / 5);
  const minutes = Math.ceil(seconds / 60);
  return {
    date: "2026-11-29T10:00:00.000Z",
    machine: { cpu: "cpu", cores: 2, os: "os", node: "v20", k6: "k6", mountebank: "2.9.1", loadAverage: 1 },
    settings: {
      duration: `${seconds}s`,
      vus: 50,
      churnEveryMs: 1000,
      sampleEveryMs: 1000,
      warmSeconds,
      ...(memoryJudged !== undefined && { memoryJudged }),
      cpus: "pinned",
      platform: "npm start",
      mix: ["baseline:ping"],
    },
    loadEnd: 1,
    k6Exit: 0,
    wrongAnswers: [],
    totals: {
      requests: 1000,
      rps: 100,
      p50: 1,
      p99: 9,
      failedRequests: 0,
      failedChecks: 0,
      wrongByRequest: [],
    },
    minutes: Array.from({ length: minutes }, (_, minute) => ({
      minute,
      requests: 10,
      rps: 1,
      p50: 1,
      p90: 2,
      p99: 9,
      failedRequests: 0,
      failedChecks: 0,
    })),
    churn: { changes: 10, failed: 0, wrong: 0, problems: [] },
    memory,
    trends: memoryTrends(
      memory,
      warmSeconds,
      hostLineMb === undefined ? {} : { "user-code host": hostLineMb },
    ),
  };
}

describe("the soak's outcome", () => {
  it.each([
    ["a 10 s run: warm-up growth is not judged", report(10, false), "not judged", "passed"],
    ["a 10-minute run that grew", report(600, true), "**grew**", "FAILED"],
    ["a report from before memoryJudged: judged", report(600, undefined), "**grew**", "FAILED"],
    // 29 MB is within 10% of a 27 MB line (the recycle check's 3 s let a host pass it), not of 26.
    ["a recycled host under its line", report(600, true, 27), "**bounded**", "passed"],
    ["a recycled host past its line", report(600, true, 26), "**grew**", "FAILED"],
  ])("%s", (_, given, memory, overall) => {
    const [outcome, table] = renderSoakMarkdown(given, "soak.svg").split("## Memory");
    expect(outcome).toContain(`- Memory: ${memory}`);
    expect(outcome).toContain(`overall **${overall}**`);
    // The table's verdict column says what the outcome says.
    const cell = {
      "not judged": "not judged",
      "**grew**": "**grew**",
      "**bounded**": "bounded: replaced past 27 MB",
    };
    expect(table).toContain(`| ${cell[memory as keyof typeof cell]} |`);
  });

  it("names the recycled host's line and its largest process", () => {
    expect(renderSoakMarkdown(report(600, true, 27), "soak.svg")).toContain(
      "the user-code host is replaced once it passes 27 MB: 1 process over the run, the largest at 29.0 MB",
    );
  });

  it("says flat when every process ended near its warm size", () => {
    const flat = report(600, true);
    flat.trends = flat.trends.map((trend) => ({ ...trend, growth: 1, flat: true }));
    expect(renderSoakMarkdown(flat, "soak.svg")).toContain(
      "- Memory: **flat** (every process ended within 10%",
    );
  });
});

describe("the soak's chart", () => {
  it.each([
    [10, "seconds since the load began"],
    [600, "minutes since the load began"],
  ])("a run of %i s is drawn in %s", (seconds, axis) => {
    expect(soakChart(report(seconds, seconds >= 120))).toContain(axis);
  });

  it("draws a judged run in minutes though its last sample came before 2 minutes", () => {
    const judged = report(118, true);
    judged.settings.duration = "2m";
    expect(soakChart(judged)).toContain("minutes since the load began");
  });

  it("puts a short run's only minute at the run's end, not at a minute", () => {
    const svg = soakChart(report(10, false));
    // The x axis (its labels centred, the y axis's end-anchored) ends at the run's 10 s, not at a minute.
    const ticks = [...svg.matchAll(/text-anchor="middle">([\d.]+)<\/text>/g)].map((match) =>
      Number(match[1]),
    );
    expect(Math.max(...ticks)).toBe(10);
  });
});
