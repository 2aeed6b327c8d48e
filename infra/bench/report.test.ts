import { describe, expect, it } from "vitest";
import { type BenchRun, recordedScenario, renderResults } from "./report.ts";
import type { SeriesSummary } from "./stats.ts";

const summary = (
  fields: Partial<SeriesSummary> & Pick<SeriesSummary, "server" | "scenario">,
): SeriesSummary => ({
  key: `${fields.server}:${fields.scenario}`,
  title: fields.scenario,
  target: false,
  rps: [1000, 1200],
  failures: [0, 0],
  p99Ms: [1, 1],
  median: 1100,
  ratio: 1,
  roundRatio: 1,
  floor: "floor",
  ...fields,
});

const run = (baseline?: string): BenchRun => ({
  date: "2026-11-22T04:00:00.000Z",
  machine: {
    cpu: "AMD EPYC",
    cores: 2,
    node: "v20.20.2",
    workerd: "1.20260426.1",
    wrk: "wrk 4.1.0",
    loadStart: [0.5, 1, 2],
  },
  tool: "wrk 4.1.0",
  flags: "-t1 -c50 -d10s",
  warmupSeconds: 2,
  rounds: 2,
  edge: baseline === undefined ? { platform: "abc1234" } : { platform: "abc1234", baseline },
  scenarios: [
    { id: "one", title: "one stub", path: "/i/1/a", target: true },
    { id: "hdr", title: "header stub", path: "/i/2/a", target: false, headers: { "x-bench": "1" } },
  ],
  summaries: [
    summary({ server: "floor", scenario: "floor", median: 10_000, rps: [9_000, 11_000] }),
    summary({
      server: "platform",
      scenario: "one",
      target: true,
      median: 8_000,
      ratio: 0.8,
      roundRatio: 0.79,
      met: false,
    }),
    summary({
      server: "baseline",
      scenario: "one",
      median: 4_000,
      ratio: 0.4,
      roundRatio: 0.41,
      failures: [2, 1],
      failedBy: { timeout: 2, read: 1 },
    }),
  ],
});

describe("renderResults", () => {
  it("shows every round, the median and both ratios of every target", () => {
    const text = renderResults(run("0ld0ld0"));
    expect(text).toContain(
      "| floor: floor | 9,000 | 11,000 | **10,000** | floor | 100.0% |  | 100.0% |  | 0 | info |",
    );
    expect(text).toContain(
      "| platform: one | 1,000 | 1,200 | **8,000** | floor | 80.0% |  | 79.0% |  | 0 | **missed** |",
    );
    expect(text).toContain(
      "| baseline edge: one | 1,000 | 1,200 | **4,000** | floor | 40.0% |  | 41.0% |  | 3 (timeout 2, read 1) | info |",
    );
  });

  it("shows a ratio's interval, and says when the target lies inside it", () => {
    const sure = run();
    const [, platform] = sure.summaries;
    platform!.ratioInterval = { low: 0.78, high: 0.912 };
    const text = renderResults(sure);
    expect(text).toContain("| **8,000** | floor | 80.0% | 78.0%–91.2% | 79.0% |");
    expect(text).toContain(
      "- platform: one: 80.0% of the floor (90% interval 78.0%–91.2%: this run cannot tell it from the target): missed by 5.0 points",
    );
    platform!.ratioInterval = { low: 0.7, high: 0.84 };
    expect(renderResults(sure)).toContain(
      "- platform: one: 80.0% of the floor (90% interval 70.0%–84.0%): missed by 5.0 points",
    );
  });

  it("shows more than ten rounds by their range, leaving each round to results.json", () => {
    const long = run();
    long.rounds = 12;
    long.summaries[1]!.rps = [900, 1_300, ...Array.from({ length: 10 }, () => 1_000)];
    const text = renderResults(long);
    expect(text).toContain("| target | 12 rounds, lowest–highest | median req/s |");
    expect(text).toContain("| platform: one | 900–1,300 | **8,000** |");
    expect(text).not.toContain("round 12");
  });

  it("sets aside a row whose rate is near wrk's own ceiling", () => {
    const bound = run();
    bound.summaries.push(
      summary({
        server: "platform",
        scenario: "fast",
        target: true,
        ceilingShare: 0.9,
        generatorBound: true,
      }),
    );
    expect(renderResults(bound)).toContain("| 90.0% | 0 | **wrk-bound, not counted** |");
  });

  it("says by how much a target is missed", () => {
    expect(renderResults(run())).toContain("- platform: one: 80.0% of the floor: missed by 5.0 points");
  });

  it("compares the platform with the baseline edge only when there is one", () => {
    expect(renderResults(run("0ld0ld0"))).toContain("| one | 4,000 | 8,000 | 2.00× |");
    expect(renderResults(run())).not.toContain("Before");
  });

  it("names a scenario the baseline edge could not serve, with its reason, in the before and after", () => {
    const older = run("0ld0ld0");
    older.summaries.push(summary({ server: "platform", scenario: "hdr", title: "header stub" }));
    older.notOnBaseline = { hdr: "hdr: status 500" };
    const text = renderResults(older);
    expect(text).toContain("| header stub | not served by the baseline edge (hdr: status 500) |  |  |");
    expect(text).toContain("| one | 4,000 | 8,000 | 2.00× |");
  });

  it("with the platform on workerd's socket, judges that one and prices the relay against it", () => {
    const both = run();
    both.summaries.push(summary({ server: "direct", scenario: "one", median: 10_000, rps: [1_000, 1_500] }));
    const text = renderResults(both);
    expect(text).toContain("Judged: the platform on workerd's socket");
    // Behind the relay 8,000 of 10,000; per round 1,000/1,000 and 1,200/1,500.
    expect(text).toContain("| one | 10,000 | 8,000 | 0.80× | 0.90× |");
    expect(renderResults(run())).toContain("Judged: the platform behind the keep-alive relay");
    expect(renderResults(run())).not.toContain("The local plumbing");
  });

  it("with --judged-only, judges the platform on workerd's socket and says the relay was not loaded", () => {
    const socketOnly = run();
    socketOnly.summaries = socketOnly.summaries.map((one) =>
      one.server === "platform" ? { ...one, server: "direct", key: "direct:one" } : one,
    );
    const text = renderResults(socketOnly);
    expect(text).toContain("the platform behind the relay was not loaded in this run (--judged-only)");
    expect(text).not.toContain("The local plumbing");
  });

  it("names the scenarios with the headers they send, and the machine with its load", () => {
    const text = renderResults(run());
    expect(text).toContain("  - hdr, header stub: `GET /i/2/a` with `x-bench: 1` (informational)");
    expect(text).toContain("load average (1, 5, 15 min) at the start: 0.5, 1, 2; at the end: n/a");
    expect(text).toContain("`wrk -t1 -c50 -d10s` (wrk 4.1.0)");
  });

  it("says when every server rested between warm-up and run, and not otherwise", () => {
    expect(renderResults({ ...run(), restSeconds: 6 })).toContain(
      "after a 2 s warm-up of the same (then every server rested 6 s)",
    );
    expect(renderResults(run())).not.toContain("rested");
  });

  it("keeps a long rotation by its first requests and its length, and says how long it was", () => {
    const requests = Array.from({ length: 5_000 }, (_, i) => ({
      method: "POST",
      path: "/i/3/a",
      body: `{"n":${i}}`,
      expect: { status: 200 },
    }));
    const recorded = recordedScenario({
      id: "fresh",
      title: "fresh bodies",
      path: "/i/3/a",
      bodies: [],
      target: true,
      requests,
    });
    expect(recorded.requests?.map((r) => r.body)).toEqual(['{"n":0}', '{"n":1}', '{"n":2}']);
    expect(recorded.requestCount).toBe(5_000);
    const short = recordedScenario({
      id: "two",
      title: "two",
      path: "/",
      bodies: [],
      target: true,
      requests: requests.slice(0, 2),
    });
    expect(short.requests).toHaveLength(2);
    expect(short.requestCount).toBeUndefined();
    const text = renderResults({ ...run(), scenarios: [recorded] });
    expect(text).toContain('(5,000 requests; the first bodies: `{"n":0}`, `{"n":1}`, `{"n":2}`) in turn');
  });

  it("shows workerd's CPU per request for the platform on its socket beside its floor's", () => {
    const base = run();
    const withCpu: BenchRun = {
      ...base,
      summaries: [
        summary({ key: "floor", server: "floor", scenario: "floor", median: 10_000, cpuUs: [100, 120] }),
        summary({
          server: "direct",
          scenario: "one",
          title: "one stub",
          cpuUs: [110, 160],
          floorCpuUs: [100, 120],
          cpuRatio: 0.83,
        }),
      ],
    };
    const text = renderResults(withCpu);
    expect(text).toContain("### CPU per request");
    expect(text).toContain("| one stub | floor | 110 | 135 | 100÷110 / 120÷160 | 0.83 |");
    expect(renderResults(base)).not.toContain("### CPU per request");
  });

  it("shows the platform against the floor sent its own requests, beside what those requests cost", () => {
    const base = run();
    const withSame: BenchRun = {
      ...base,
      summaries: [
        summary({ key: "floor", server: "floor", scenario: "floor", median: 10_000 }),
        summary({
          server: "direct",
          scenario: "header",
          title: "header routing",
          median: 9_000,
          cpuUs: [50, 54],
          sameRequests: {
            rps: [10_000, 9_600],
            cpuUs: [47, 49],
            ratio: 0.91,
            cpuRatio: 0.92,
            shapeCpuRatio: 0.95,
          },
        }),
      ],
    };
    const text = renderResults(withSame);
    expect(text).toContain("### The floor sent each scenario's own requests");
    expect(text).toContain("| header routing | 9,800 | 9,000 | 0.91 | 48 | 52 | 0.92 | 0.95 |");
    expect(renderResults(base)).not.toContain("own requests");
  });
});
