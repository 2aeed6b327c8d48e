/**
 * `tsx packages/core/bench/regex-ab.ts <other core's src/index.ts>`: matching cost of the regex-heavy
 * platform scenarios (infra/bench/regex-scenarios.ts) on this core and on another checkout's, measured
 * interleaved in one process, so the machine's load hits both alike (issue 15's before/after).
 */
import process from "node:process";
import { pathToFileURL } from "node:url";
import * as current from "../src/index.ts";

type Core = Pick<typeof current, "createEngine">;
const STUBS = 100;
const LAST = STUBS - 1;

const imposter = (predicate: (i: number) => unknown) => ({
  protocol: "http",
  port: 4549,
  stubs: Array.from({ length: STUBS }, (_, i) => ({ predicates: [predicate(i)], responses: [{ is: {} }] })),
});
const request = (fields: Record<string, unknown>) => ({
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  body: "",
  requestFrom: "127.0.0.1",
  ip: "127.0.0.1",
  ...fields,
});
const SCENARIOS = {
  "regex-last": {
    imposter: imposter((i) => ({
      matches: { path: `^/catalog/p${i}/items/[a-z]+-\\d+$`, headers: { "x-bench": "^\\d$" } },
    })),
    request: request({ path: `/catalog/p${LAST}/items/widget-42`, headers: { "x-bench": "1" } }),
  },
  "matches-body": {
    imposter: imposter((i) => ({ matches: { body: `"sku":\\s*"sku-${i}"` } })),
    request: request({
      method: "POST",
      path: "/orders",
      body: JSON.stringify({ order: { id: 7, sku: `sku-${LAST}`, quantity: 3 } }),
    }),
  },
};

function timePerMatch(core: Core, scenario: (typeof SCENARIOS)[keyof typeof SCENARIOS], n: number): number {
  const engine = core.createEngine(scenario.imposter as never);
  if (engine.match(scenario.request as never) !== LAST) throw new Error("the last stub must match");
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) engine.match(scenario.request as never);
  return Number(process.hrtime.bigint() - start) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const other = (await import(pathToFileURL(process.argv[2] ?? "").href)) as Core;
for (const [id, scenario] of Object.entries(SCENARIOS)) {
  const runs: Record<"this" | "other", number[]> = { this: [], other: [] };
  for (let round = 0; round < 41; round++) {
    // Alternating which goes first spreads a busy spell of the shared machine over both.
    const order = round % 2 === 0 ? (["this", "other"] as const) : (["other", "this"] as const);
    for (const which of order)
      runs[which].push(timePerMatch(which === "this" ? current : other, scenario, 10_000));
  }
  const [now, then] = [median(runs.this), median(runs.other)];
  console.log(
    `${id}: this ${(now / 1000).toFixed(2)} µs/match, other ${(then / 1000).toFixed(2)} µs/match, this/other ${(now / then).toFixed(2)}`,
  );
}
