// `npx tsx infra/bench/pool-runs.ts <folder>... [--out <file>]`: the targets of several bench:platform runs
// on one tree, pooled round by round (pool.ts); each folder holds a run's results.json. Refuses runs from
// another machine, with other wrk flags, or on commits whose code differs.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { notPoolable, poolRuns } from "./pool.ts";
import { renderPooled } from "./pool-report.ts";
import type { BenchRun } from "./report.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const { values: args, positionals: folders } = parseArgs({
  options: { out: { type: "string" } },
  allowPositionals: true,
});

/**
 * Whether two commits serve the same code: nothing differs between them but documents and measurements
 * (a run's commit is often one that only added the run before it).
 */
function sameTree(a: string, b: string): boolean {
  const paths = [".", ":(exclude)*.md", ":(exclude)**/results.json", ":(exclude)infra/bench/body-issue12"];
  try {
    execFileSync("git", ["diff", "--quiet", a, b, "--", ...paths], { cwd: ROOT, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const runs = folders.map(
  (folder) => JSON.parse(readFileSync(join(folder, "results.json"), "utf8")) as BenchRun,
);
const refused = notPoolable(runs, sameTree);
if (refused !== undefined) {
  console.error(`pool-runs: ${refused}`);
  process.exit(1);
}
const names = folders.map((folder) => relative(ROOT, folder) || folder);
const text = renderPooled(runs, names, poolRuns(runs));
if (args.out === undefined) console.log(text);
else writeFileSync(args.out, text);
