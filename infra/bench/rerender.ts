// `npx tsx infra/bench/rerender.ts <folder>`: RESULTS.md written again from the folder's results.json with
// today's report, and what today's summaries hold that the stored ones lack, derived from their rounds (the
// interval of each ratio). A run's rates are never measured again here, only read.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BenchRun, renderResults } from "./report.ts";
import { intervalAgainstFloor } from "./stats.ts";

export function withIntervals(run: BenchRun): BenchRun {
  const byKey = new Map(run.summaries.map((one) => [one.key, one]));
  const summaries = run.summaries.map((one) => {
    const floor = byKey.get(one.floor);
    const interval = floor === undefined ? undefined : intervalAgainstFloor(one.server, one.rps, floor.rps);
    return interval === undefined ? one : { ...one, ratioInterval: interval };
  });
  return { ...run, summaries };
}

const folder = process.argv[2];
if (folder !== undefined) {
  const file = join(folder, "results.json");
  const run = withIntervals(JSON.parse(readFileSync(file, "utf8")) as BenchRun);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  writeFileSync(join(folder, "RESULTS.md"), renderResults(run));
  console.log(`${folder}: RESULTS.md written again from results.json`);
}
