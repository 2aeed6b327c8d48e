import type { ImposterEngine, ResponseDescription } from "@mockctl/core";
import { type ReadFields, readFieldsOf } from "./body-fields.ts";
import { projectBody } from "./body-projection.ts";
import { type KeyedReads, readsKeyedFieldsOnly } from "./memo-reads.ts";
import { derivesFromKeyedFields } from "./memo-responses.ts";

/**
 * Answers remembered by request line (and the values of the few headers the stubs read, and the body when
 * they read it), per compiled imposter: the front door's shortcut past copying, normalizing and matching a
 * request when none of that can change the answer.
 *
 * Sound only when the answer is a function of the key:
 * - every predicate of every stub reads only `method`, `path`, `query` (all three come from the method and
 *   the target alone), named `headers` and `body`, with no injection anywhere; a named header's value is
 *   what the runtime's `headers.get` gives, the same joined value the core is handed, and the body is the
 *   very text the core is handed, or the fields of it that the predicates read (body-projection.ts)
 *   (`form` is not a keyed field: it also depends on the Content-Type);
 * - the imposter has no allowCORS (which echoes request headers into the answer);
 * - the answer is a description the core froze: precompiled once per engine, the same for every request;
 *   or every response of every stub makes its answer from the key's fields alone (a `copy` from the path,
 *   query, a named header or the body: memo-responses.ts), and the answer made for the key's first request
 *   is kept (stateful stubs never get here: they go to the object).
 * Keyed by engine, so a changed imposter (always a new engine) starts empty, and the WeakMap lets the
 * old answers go with the old engine.
 */
export interface RouteMemo {
  answers: Map<string, ResponseDescription>;
  /** The header names the stubs read, lower-cased and sorted: their values are part of the key. */
  headers: readonly string[];
  /** Whether a stub reads the body, which is then the key's last part. */
  body: boolean;
  /**
   * The JSON body's fields the stubs read, when that is all they read of it: a JSON body is then keyed by
   * those fields (bodyKey). Null when the body is keyed by its whole text.
   */
  fields: ReadFields | null;
  /**
   * Whether answers made for a request (a `copy` behavior's) may be remembered too, not only the ones the
   * core froze: every response of every stub derives its answer from the key alone (memo-responses.ts).
   */
  derived: boolean;
  /**
   * Whether a request the memo misses may reach the core with only the headers its key holds: its answer
   * derives from the key, no stub keeps state or records (the object would see the request) and the
   * imposter is not strict. Walking every header cost a missed body request 3–6 µs of its 80 (BODY-PROFILE.md, 21).
   */
  narrow: boolean;
  /** The characters of every key remembered so far, and of every derived answer, against MEMO_KEY_CHARS. */
  chars: number;
  /** Whether an answer was ever turned away for want of room: from then on, a run of misses is not the memo filling. */
  full: boolean;
  /** Lookups that failed since the last that found an answer; and requests since one was last tried. */
  misses: number;
  passed: number;
  /** Recent bodies and their keys, in pairs (bodyKey): a load test repeats a few bodies, each parsed once. */
  recent: string[];
}

/**
 * Requests remembered per imposter version: bounded in number and in the total length of the keys and
 * the derived answers, so random query strings or bodies cannot grow it past about half a megabyte.
 */
export const MEMO_LIMIT = 1_024;
export const MEMO_KEY_CHARS = 256 * 1_024;
/** A longer body is answered the full way: a load test repeats small payloads, and big ones would crowd them out. */
export const MEMO_BODY_LIMIT = 2_048;

function memoizable(engine: ImposterEngine): RouteMemo | null {
  const { imposter } = engine;
  if (imposter.allowCORS === true) return null;
  const reads: KeyedReads = { headers: new Set(), body: false, fields: new Map() };
  const keyed = imposter.stubs.every((stub) =>
    (stub.predicates ?? []).every((predicate) => readsKeyedFieldsOnly(predicate, reads)),
  );
  if (!keyed) return null;
  // What the responses read joins the key only when it makes their answers rememberable: they add to a
  // copy of what the predicates read, fields and all, which stands if any response is not derived.
  const copied: KeyedReads = {
    headers: new Set(reads.headers),
    body: reads.body,
    fields: reads.fields === null ? null : structuredClone(reads.fields),
  };
  const derived = imposter.stubs.every((stub) =>
    stub.responses.every((response) => derivesFromKeyedFields(response, copied)),
  );
  const used = derived ? copied : reads;
  // A recording imposter is named apart: with no stubs, asking each stub whether it keeps state asks none,
  // and a request that matches nothing is recorded too.
  const narrow =
    derived &&
    imposter.strict !== true &&
    imposter.recordRequests !== true &&
    imposter.stubs.every((_, index) => !engine.isStateful(index));
  return {
    answers: new Map(),
    headers: [...used.headers].sort(),
    body: used.body,
    fields: used.body && used.fields !== null ? readFieldsOf(used.fields) : null,
    derived,
    narrow,
    chars: 0,
    full: false,
    misses: 0,
    passed: 0,
    recent: [],
  };
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
 * What a memo keys after the request line: the value of each header the stubs read, or NUL for one the
 * request lacks, each followed by a line break; then, when the stubs read the body (`body` not null), the
 * body's key. Neither a line break nor NUL can be in a header value and their number is fixed per memo, so
 * no two requests that differ share a key, and the body is told apart even when it has line breaks of its
 * own. Without named headers it is the body's key itself: a lane looks a body up by it, unjoined.
 */
export function keyAfterLine(memo: RouteMemo, headers: Headers, body: string | null): string {
  let key = "";
  for (const name of memo.headers) key += `${headers.get(name) ?? "\0"}\n`;
  return body === null ? key : key + bodyKey(memo, body);
}

/** A request's key: its line (the target: path and query as the imposter sees them), then the rest. */
export const memoKey = (method: string, target: string, afterLine: string): string =>
  `${method} ${target}\n${afterLine}`;

/** Whether a body is short enough to be keyed (MEMO_BODY_LIMIT). */
export const keyable = (body: string): boolean => body.length <= MEMO_BODY_LIMIT;

/**
 * The body's part of the key: its text, or, when the stubs read only some fields of a JSON body, those
 * fields (body-projection.ts). The two kinds start apart, so no text is ever taken for a set of fields.
 */
export function bodyKey(memo: RouteMemo, body: string): string {
  if (memo.fields === null) return body;
  // A slot by the body's length and middle character: repeated bodies find their key there; a stream of
  // distinct ones pays a comparison and a store.
  const slot = 2 * ((body.length + (body.charCodeAt(body.length >> 1) || 0)) & (RECENT_BODIES - 1));
  if (memo.recent[slot] === body) return memo.recent[slot + 1] as string;
  const fields = projectBody(memo.fields, body);
  const key = fields === undefined ? `T${body}` : `J${fields}`;
  memo.recent[slot] = body;
  memo.recent[slot + 1] = key;
  return key;
}

/** Bodies whose keys a memo keeps at once (a power of two), at most MEMO_BODY_LIMIT characters each. */
export const RECENT_BODIES = 16;

/**
 * Remembers an answer if the core froze it (the same for every request), or if the memo's answers derive
 * from their keys; and if there is room. A derived answer is the request's own, so its size counts against
 * the memo's characters, and it is frozen: from now on it serves every request with its key.
 */
export function remember(memo: RouteMemo, key: string, description: ResponseDescription): void {
  if (memo.answers.size >= MEMO_LIMIT) {
    memo.full = true;
    return;
  }
  if (memo.answers.has(key)) return;
  const shared = Object.isFrozen(description);
  if (!shared && !memo.derived) return;
  const chars = key.length + (shared ? 0 : answerChars(description));
  if (memo.chars + chars > MEMO_KEY_CHARS) {
    memo.full = true;
    return;
  }
  if (!shared) Object.freeze(Object.freeze(description).headers);
  memo.answers.set(key, description);
  memo.chars += chars;
}

function answerChars({ body, headers }: ResponseDescription): number {
  let chars = typeof body === "string" ? body.length : (body?.byteLength ?? 0);
  for (const [name, value] of Object.entries(headers)) chars += name.length + String(value).length;
  return chars;
}
