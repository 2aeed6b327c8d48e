import { millis, rate } from "../report/format.ts";
import type { Outcome } from "../report/model.ts";

/** "[ 3/27] regex-paths on mountebank … " and, when it finishes, the rest of the line. */
export function printStart(index: number, total: number, scenario: string, target: string): void {
  const width = String(total).length;
  process.stdout.write(`[${String(index).padStart(width)}/${total}] ${scenario} on ${target} … `);
}

export function printOutcome(outcome: Outcome): void {
  const m = outcome.measurement;
  const speed = m === undefined ? "" : `${rate(m.rps)} req/s, p95 ${millis(m.p95)} ms`;
  if (outcome.status === "ok") {
    console.log(speed);
    return;
  }
  const label = outcome.status.toUpperCase();
  console.log(`${label}${speed ? ` (${speed})` : ""}`);
  for (const problem of outcome.problems.slice(0, 5))
    console.log(`      ${problem.split("\n").join("\n      ")}`);
}
