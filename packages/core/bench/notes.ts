import type { Row } from "./report.ts";
import type { StageOneRow } from "./stage-one.ts";
import type { ShapeSummary } from "./targets.ts";

const list = (items: readonly string[]): string => (items.length === 0 ? "none" : items.join(", "));
const byShape = (summaries: readonly ShapeSummary[], name: string) => summaries.find((s) => s.shape === name);
const times = (x: number | undefined): string => (x === undefined ? "?" : `${x.toFixed(0)}×`);

/** The reading of the targets table: what is met, what is missed and why, what is not indexed at all. */
export function notes(
  summaries: readonly ShapeSummary[],
  rows: readonly Row[],
  stageOne: readonly StageOneRow[],
): string[] {
  const flat = summaries.filter((s) => s.flatness <= 2).map((s) => s.shape);
  const notFlat = summaries
    .filter((s) => s.flatness > 2)
    .map((s) => `${s.shape} (${s.flatness.toFixed(2)}×)`);
  const fast = summaries.filter((s) => s.speedup1k >= 50).map((s) => s.shape);
  const slow = summaries
    .filter((s) => s.speedup1k < 50)
    .map((s) => `${s.shape} (${s.speedup1k.toFixed(0)}×; ${s.speedup10k.toFixed(0)}× at 10,000)`);
  const flattest = Math.min(...summaries.map((s) => s.flatness));
  const steepest = summaries.reduce<ShapeSummary | undefined>(
    (a, s) => (a && a.flatness >= s.flatness ? a : s),
    undefined,
  );
  const build = rows.filter((r) => r.stubs === 10_000).map((r) => r.compileMs / 1000);
  return [
    "### Reading the targets",
    "",
    `- **Flat cost** (last of 10,000 within 2× of first of 100) holds for: ${list(flat)}. Missed by: ${list(notFlat)}.`,
    `- **≥ 50× cheaper than linear at 1,000 stubs** holds for: ${list(fast)}. Missed by: ${list(slow)}.`,
    `- What still grows with the stub count: worst of 10,000 over first of 100 runs from ${flattest.toFixed(2)}× to`,
    `  ${steepest?.flatness.toFixed(2)}× (${steepest?.shape}). Stage 1 is constant work except for the summary bit`,
    "  set (one bit per 32-stub word, so N/1,024 words) it copies, intersects and walks, plus cache misses in",
    `  larger maps: see "Stage 1 alone" below (${stageOne.map((r) => `${r.stageOne.toFixed(2)} µs at ${r.stubs.toLocaleString("en")}`).join(", ")},`,
    `  while the predicate stays at ${stageOne.map((r) => r.predicate.toFixed(2)).join("/")} µs).`,
    "  Sub-µs cells also move by 10–20% between runs on this shared machine; the interleaved rounds keep",
    "  that from landing on one cell of a comparison only.",
    "- Body shapes: each request must read its body once, and the index cannot skip that, because the",
    "  surviving candidate's predicate needs the same reading; both get it from the RequestView cache. What",
    "  that reading costs for the shapes above:",
    `  - JSONPath with a plain path such as \`$.order.id\` (${times(byShape(summaries, "JSONPath")?.speedup1k)} at 1,000): a validating`,
    "    scanner reads the selected value off the body text without building the tree (readers/json-scan.ts),",
    "    about half of what JSON.parse costs for the 158-byte order body. It declines what it cannot answer",
    "    with certainty (invalid JSON, a path into an array or a string, deep nesting), and JSON.parse decides.",
    `  - deepEquals on an object body (${times(byShape(summaries, "JSON body deepEquals")?.speedup1k)}): the index keys each stub by the`,
    "    text the predicate itself compares (forced strings, default fold, Mountebank's array order, sorted",
    "    keys), and the request's text is read straight off the body when tryJSON would keep JSON.parse's",
    "    tree (predicates/forced-text.ts). Key equality is then exactly the predicate's verdict on the body,",
    "    and the candidate's evaluation is a cache hit and one string comparison.",
    `  - equals on body fields (${times(byShape(summaries, "JSON body equals")?.speedup1k)}): still JSON.parse of the whole body, which is`,
    "    about half of its index cost. The same scanner could read just the fields an expectation names, but",
    "    the evaluator's object matching (arrays, nested expectations, inherited names) would have to be",
    "    rebuilt on it; not done.",
    `  - equals on nested body fields (${times(byShape(summaries, "JSON body equals, nested")?.speedup1k)}): each scalar leaf is keyed by its`,
    "    path (`order.id`, compiler/body-path.ts), read off the same parsed body the candidate's predicate",
    "    then uses; a walk through an array, JSON `null` text or a `__proto__` key is not judged.",
    "  - XPath: the lite XML reader for plain documents and paths, else xmldom.",
    "  The linear scan pays the same reading once and then the `linear µs per stub passed` column for every",
    "  stub before the match, so its cost at 1,000 stubs is roughly the reading plus 1,000 times that column.",
    "",
    "### What the index cannot narrow",
    "",
    "Stubs it cannot constrain stay in every dimension's `unconstrained` set and are evaluated in order, so",
    "their cost grows with their number exactly as in the linear scan. That covers: a path regex with no",
    "required literal (a top-level alternation such as `^/a$|^/b$`, or no literal outside groups and classes",
    "such as `.*` or `^[a-z]+/\\d+$`); `matches` and `exists` on headers, query, body or form (but `exists` of",
    "`//element[@attribute='literal']` on the body is keyed), and `contains`, `startsWith`, `endsWith` on body",
    "or form or on headers and query with a nested expectation; `deepEquals` on headers or query; anything",
    "with `except`; JSONPath and XPath predicates that are case-sensitive or not `equals`/`deepEquals` on",
    "`body`; `not`; an `or` with a branch that constrains nothing (or more than 8 dimensions); `inject`; and",
    "every predicate after one that might throw (an object",
    "expectation on the body, an invalid regex, a broken XPath), because skipping a stub must never hide an",
    "error or a call into user code that the linear scan would make.",
    "",
    "### Other findings",
    "",
    "- esbuild's `keepNames` (wrangler's default `keep_names: true`, and tsx's) wraps every closure created",
    "  at run time in a `defineProperty` call. The RequestView and the evaluator create several closures per",
    "  request, which costs ~2–3 µs per request (see the last table) — more than stage 1 itself. Both",
    '  Workers\' wrangler configs therefore set `"keep_names": false`; the table above is measured that way.',
    `- Build cost grows linearly with the stubs (\`build ms\`, wall time on this loaded machine): 10,000 stubs`,
    `  take ${Math.min(...build).toFixed(1)}–${Math.max(...build).toFixed(1)} s, about a third of it the index (per-stub analysis,`,
    "  tries, bit sets), the rest compiling the predicates. The index is rebuilt whole on every change to the",
    "  stubs, as designed.",
  ];
}
