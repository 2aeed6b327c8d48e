import type { ShapeSummary } from "./targets.ts";

const list = (items: readonly string[]): string => (items.length === 0 ? "none" : items.join(", "));

/** The reading of the targets table: what is met, what is missed and why, what is not indexed at all. */
export function notes(summaries: readonly ShapeSummary[]): string[] {
  const flat = summaries.filter((s) => s.flatness <= 2).map((s) => s.shape);
  const notFlat = summaries
    .filter((s) => s.flatness > 2)
    .map((s) => `${s.shape} (${s.flatness.toFixed(2)}×)`);
  const fast = summaries.filter((s) => s.speedup1k >= 50).map((s) => s.shape);
  const slow = summaries
    .filter((s) => s.speedup1k < 50)
    .map((s) => `${s.shape} (${s.speedup1k.toFixed(0)}×; ${s.speedup10k.toFixed(0)}× at 10,000)`);
  return [
    "### Reading the targets",
    "",
    `- **Flat cost** (last of 10,000 within 2× of first of 100) holds for: ${list(flat)}. Missed by: ${list(notFlat)}.`,
    `- **≥ 50× cheaper than linear at 1,000 stubs** holds for: ${list(fast)}. Missed by: ${list(slow)}.`,
    "- Why the body shapes miss the second target: every request must parse its body once, and the index",
    "  cannot skip that (the surviving candidate's predicate needs it too). For JSON that is `JSON.parse` plus",
    "  the evaluator's rebuild of the tree with lower-cased keys and strings (Mountebank's `tryJSON`), a few",
    "  µs for these ~200-byte bodies; for XML it is xmldom plus the XPath run, ~40 µs. The linear scan pays the",
    "  same floor once, because the RequestView caches the parsed body and each distinct selection, and then",
    "  only the per-stub column above for every stub it passes. At 1,000 stubs that is 20–40× the floor;",
    "  at 10,000 it is hundreds of times. Stage 1 itself adds well under a microsecond on top of the parse, and",
    "  the index shares the parse and the selections with the evaluator through the RequestView cache.",
    "- What would lower that floor (not done here): folding while parsing in one pass instead of parse-then-",
    "  rebuild; folding only the values a predicate reads; caching parses by body text across requests (load",
    "  tests replay identical bodies); for XPath, a lighter XML reader for the common element-text selectors.",
    "",
    "### What the index cannot narrow",
    "",
    "Stubs it cannot constrain stay in every dimension's `unconstrained` set and are evaluated in order, so",
    "their cost grows with their number exactly as in the linear scan. That covers: a path regex with no",
    "required literal (a top-level alternation such as `^/a$|^/b$`, or no literal outside groups and classes",
    "such as `.*` or `^[a-z]+/\\d+$`); `matches`, `contains`, `startsWith`, `endsWith` and `exists` on",
    "headers, query, body or form; `deepEquals` on headers or query; anything with `except`; JSONPath and XPath",
    "predicates that are case-sensitive or not `equals`/`deepEquals` on `body`; `not`; `or` branches that do",
    "not all constrain one dimension; `inject`; and every predicate after one that might throw (an object",
    "expectation on the body, an invalid regex, a broken XPath), because skipping a stub must never hide an",
    "error or a call into user code that the linear scan would make.",
    "",
    "### Other findings",
    "",
    "- esbuild's `keepNames` (wrangler's default `keep_names: true`, and tsx's) wraps every closure created",
    "  at run time in a `defineProperty` call. The RequestView and the evaluator create several closures per",
    "  request, which costs ~2–3 µs per request (see the last table) — more than stage 1 itself. Setting",
    '  `"keep_names": false` in the Workers\' wrangler config, or keeping closures out of per-request paths,',
    "  removes it.",
    "- Build cost grows linearly with the stubs (`build ms`, wall time on this loaded machine): 10,000 stubs",
    "  take 0.1–0.7 s, about a third of it the index (per-stub analysis, tries, bit sets), the rest compiling",
    "  the predicates. The index is rebuilt whole on every change to the stubs, as designed.",
  ];
}
