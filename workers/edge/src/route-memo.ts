import type { ImposterEngine, ResponseDescription } from "@mockctl/core";

/**
 * Answers remembered by request line (and the values of the few headers the stubs read, and the body when
 * they read it), per compiled imposter: the front door's shortcut past copying, normalizing and matching a
 * request when none of that can change the answer.
 *
 * Sound only when the answer is a function of the key:
 * - every predicate of every stub reads only `method`, `path`, `query` (all three come from the method and
 *   the target alone), named `headers` and `body`, with no injection anywhere; a named header's value is
 *   what the runtime's `headers.get` gives, the same joined value the core is handed, and the body is the
 *   very text the core is handed (`form` is not a keyed field: it also depends on the Content-Type);
 * - the imposter has no allowCORS (which echoes request headers into the answer);
 * - the answer is a description the core froze: precompiled once per engine, the same for every request
 *   (stateful stubs never get here: they go to the object).
 * Keyed by engine, so a changed imposter (always a new engine) starts empty, and the WeakMap lets the
 * old answers go with the old engine.
 */
export interface RouteMemo {
  answers: Map<string, ResponseDescription>;
  /** The header names the stubs read, lower-cased and sorted: their values are part of the key. */
  headers: readonly string[];
  /** Whether a stub reads the body, which is then the key's last part. */
  body: boolean;
  /** The characters of every key remembered so far, against MEMO_KEY_CHARS. */
  chars: number;
}

/**
 * Requests remembered per imposter version: bounded in number and in the keys' total length, so random
 * query strings or bodies cannot grow it past about half a megabyte.
 */
export const MEMO_LIMIT = 1_024;
export const MEMO_KEY_CHARS = 256 * 1_024;
/** A longer body is answered the full way: a load test repeats small payloads, and big ones would crowd them out. */
export const MEMO_BODY_LIMIT = 2_048;

/** What the stubs' predicates read beyond the request line, gathered while checking them. */
export interface KeyedReads {
  headers: Set<string>;
  body: boolean;
}

const FIELDS_FROM_REQUEST_LINE = new Set(["method", "path", "query"]);
const UNKEYABLE_HEADER = "set-cookie";
/** RFC 9110's token: `headers.get` throws on any other name (such a name is in no request anyway). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_OPERATORS = ["equals", "deepEquals", "contains", "startsWith", "endsWith", "matches", "exists"];
/**
 * Operators whose `headers` object reads only the names it lists. deepEquals compares every header the
 * request has, so it reads them all. Set-Cookie is never a key: the core sees each of its lines apart,
 * `headers.get` only their join.
 */
const NAMED_HEADER_OPERATORS = new Set(FIELD_OPERATORS.filter((operator) => operator !== "deepEquals"));
const OPTIONS = ["caseSensitive", "keyCaseSensitive", "except", "jsonpath", "xpath"];
const KNOWN_KEYS = new Set([...FIELD_OPERATORS, ...OPTIONS, "not", "or", "and"]);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether a predicate reads nothing but fields of the request line, named headers and the body, adding
 * those names (lower-cased) to `reads.headers` and noting a read body. Conservative: `inject`, an unknown
 * key or an odd shape answers false, and then the imposter is simply never memoized.
 */
export function readsKeyedFieldsOnly(predicate: unknown, reads: KeyedReads): boolean {
  if (!isPlainObject(predicate)) return false;
  for (const [key, value] of Object.entries(predicate)) {
    if (!KNOWN_KEYS.has(key)) return false;
    if (FIELD_OPERATORS.includes(key)) {
      if (!isPlainObject(value)) return false;
      for (const [field, expected] of Object.entries(value)) {
        if (FIELDS_FROM_REQUEST_LINE.has(field)) continue;
        if (field === "body") {
          reads.body = true;
          continue;
        }
        if (field !== "headers" || !NAMED_HEADER_OPERATORS.has(key) || !isPlainObject(expected)) return false;
        for (const name of Object.keys(expected)) {
          if (!HEADER_NAME.test(name) || name.toLowerCase() === UNKEYABLE_HEADER) return false;
          reads.headers.add(name.toLowerCase());
        }
      }
    } else if (key === "not") {
      if (!readsKeyedFieldsOnly(value, reads)) return false;
    } else if (key === "or" || key === "and") {
      if (!Array.isArray(value) || !value.every((one) => readsKeyedFieldsOnly(one, reads))) return false;
    }
  }
  return true;
}

function memoizable(engine: ImposterEngine): RouteMemo | null {
  const { imposter } = engine;
  if (imposter.allowCORS === true) return null;
  const reads: KeyedReads = { headers: new Set(), body: false };
  const keyed = imposter.stubs.every((stub) =>
    (stub.predicates ?? []).every((predicate) => readsKeyedFieldsOnly(predicate, reads)),
  );
  return keyed
    ? { answers: new Map(), headers: [...reads.headers].sort(), body: reads.body, chars: 0 }
    : null;
}

const memos = new WeakMap<ImposterEngine, RouteMemo | null>();

/** The engine's memo, or null when its answers may depend on more than the request line, named headers and body. */
export function memoFor(engine: ImposterEngine): RouteMemo | null {
  let memo = memos.get(engine);
  if (memo === undefined) {
    memo = memoizable(engine);
    memos.set(engine, memo);
  }
  return memo;
}

/**
 * The key of a request: its line (the target is the path and query as the imposter sees them), then the
 * value of each header the stubs read, or NUL for one the request lacks (neither a line break nor NUL can be
 * in a header value, so no two requests that differ share a key).
 */
export function memoKey(memo: RouteMemo, method: string, target: string, headers: Headers): string {
  let key = `${method} ${target}`;
  for (const name of memo.headers) key += `\n${headers.get(name) ?? "\0"}`;
  return key;
}

/**
 * The key of a request whose stubs read its body: the body after the line's key. The line and each header
 * value hold no line break, and their number is fixed per memo, so the body is told apart even when it
 * has line breaks of its own.
 */
export const withBody = (lineKey: string, body: string): string => `${lineKey}\n${body}`;

/** Remembers an answer if the core froze it (the same for every request) and there is room. */
export function remember(memo: RouteMemo, key: string, description: ResponseDescription): void {
  if (memo.answers.size >= MEMO_LIMIT || memo.chars + key.length > MEMO_KEY_CHARS) return;
  if (!Object.isFrozen(description) || memo.answers.has(key)) return;
  memo.answers.set(key, description);
  memo.chars += key.length;
}
