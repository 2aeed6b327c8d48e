import type { ImposterEngine, ResponseDescription } from "@mockctl/core";

/**
 * Answers remembered by request line, per compiled imposter: the front door's shortcut past reading,
 * normalizing and matching a request when none of that can change the answer.
 *
 * Sound only when the answer is a function of the method and the request target:
 * - every predicate of every stub reads only `method`, `path` and `query` (all three come from the
 *   method and the target alone), with no injection anywhere;
 * - the imposter has no allowCORS (which echoes request headers into the answer);
 * - the answer is a description the core froze: precompiled once per engine, the same for every request
 *   (stateful stubs never get here: they go to the object).
 * Keyed by engine, so a changed imposter (always a new engine) starts empty, and the WeakMap lets the
 * old answers go with the old engine.
 */
export type RouteMemo = Map<string, ResponseDescription>;

/** Request lines remembered per imposter version: bounded, so random query strings cannot grow it. */
export const MEMO_LIMIT = 1_024;

const FIELDS_FROM_REQUEST_LINE = new Set(["method", "path", "query"]);
const FIELD_OPERATORS = ["equals", "deepEquals", "contains", "startsWith", "endsWith", "matches", "exists"];
const OPTIONS = ["caseSensitive", "keyCaseSensitive", "except", "jsonpath", "xpath"];
const KNOWN_KEYS = new Set([...FIELD_OPERATORS, ...OPTIONS, "not", "or", "and"]);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether a predicate reads nothing but fields of the request line. Conservative: `inject`, an unknown
 * key or an odd shape answers false, and then the imposter is simply never memoized.
 */
export function readsRequestLineOnly(predicate: unknown): boolean {
  if (!isPlainObject(predicate)) return false;
  for (const [key, value] of Object.entries(predicate)) {
    if (!KNOWN_KEYS.has(key)) return false;
    if (FIELD_OPERATORS.includes(key)) {
      if (!isPlainObject(value)) return false;
      if (Object.keys(value).some((field) => !FIELDS_FROM_REQUEST_LINE.has(field))) return false;
    } else if (key === "not") {
      if (!readsRequestLineOnly(value)) return false;
    } else if (key === "or" || key === "and") {
      if (!Array.isArray(value) || !value.every(readsRequestLineOnly)) return false;
    }
  }
  return true;
}

function memoizable(engine: ImposterEngine): boolean {
  const { imposter } = engine;
  if (imposter.allowCORS === true) return false;
  return imposter.stubs.every((stub) => (stub.predicates ?? []).every(readsRequestLineOnly));
}

const memos = new WeakMap<ImposterEngine, RouteMemo | null>();

/** The engine's memo, or null when its answers may depend on more than the request line. */
export function memoFor(engine: ImposterEngine): RouteMemo | null {
  let memo = memos.get(engine);
  if (memo === undefined) {
    memo = memoizable(engine) ? new Map() : null;
    memos.set(engine, memo);
  }
  return memo;
}

/** The key of a request line; the target is the path and query as the imposter sees them. */
export const requestLine = (method: string, target: string): string => `${method} ${target}`;

/** Remembers an answer if the core froze it (the same for every request) and there is room. */
export function remember(memo: RouteMemo, line: string, description: ResponseDescription): void {
  if (memo.size >= MEMO_LIMIT || !Object.isFrozen(description)) return;
  memo.set(line, description);
}
