import type { RequestView, TextCache } from "../predicates/types.ts";
import type { MbRequest } from "../schemas/request.ts";
import { parseXml, type XmlDocument } from "../select/xpath.ts";

const JSON_SPACE = "json";
const XML_SPACE = "xml";

/**
 * Wraps one request with lazy caches, so evaluating every stub's predicates against it parses the body
 * (or any transformed copy of it) at most once per distinct text and normalizes each field once per
 * distinct transform. Create one per incoming request; it holds no state beyond that request.
 */
export function createRequestView(request: MbRequest): RequestView {
  const spaces = new Map<string, Map<string, unknown>>();

  function cache(space: string): Map<string, unknown> {
    let entries = spaces.get(space);
    if (entries === undefined) {
      entries = new Map();
      spaces.set(space, entries);
    }
    return entries;
  }

  function memo<T>(space: string, key: string, compute: () => T): T {
    const entries = cache(space);
    if (entries.has(key)) return entries.get(key) as T;
    const value = compute();
    entries.set(key, value);
    return value;
  }

  const textSpaces = new Map<string, TextCache>();

  // These two run for every predicate that reads a body, so they look up their cache without a closure.
  function parseJson(text: string): unknown {
    const entries = textCache(textSpaces, JSON_SPACE);
    if (entries.has(text)) return entries.get(text);
    const value = tryParse(text);
    entries.set(text, value);
    return value;
  }

  function xml(text: string): XmlDocument {
    const entries = textCache(textSpaces, XML_SPACE);
    if (entries.has(text)) return entries.get(text) as XmlDocument;
    const value = parseXml(text);
    entries.set(text, value);
    return value;
  }

  const view: RequestView & TextSpaces = {
    request,
    json: () => parseJson(request.body),
    parseJson,
    xml,
    memo,
    cache,
    texts,
    [TEXT_SPACES]: textSpaces,
  };
  return view;
}

const TEXT_SPACES = Symbol("text spaces");

interface TextSpaces {
  readonly [TEXT_SPACES]: Map<string, TextCache>;
}

/**
 * Shared by every view and called as its method, rather than one more closure made per request:
 * bundled with esbuild's `keepNames` (wrangler's default), each closure costs a `defineProperty`.
 */
function texts(this: TextSpaces, space: string): TextCache {
  return textCache(this[TEXT_SPACES], space);
}

function textCache(spaces: Map<string, TextCache>, space: string): TextCache {
  let entries = spaces.get(space);
  if (entries === undefined) {
    entries = new FirstTextCache();
    spaces.set(space, entries);
  }
  return entries;
}

/** See TextCache: the first text by string comparison (length, then characters), the others by hash. */
class FirstTextCache implements TextCache {
  private firstText: string | undefined;
  private firstValue: unknown;
  private others: Map<string, unknown> | undefined;

  has(text: string): boolean {
    return text === this.firstText || (this.others?.has(text) ?? false);
  }

  get(text: string): unknown {
    return text === this.firstText ? this.firstValue : this.others?.get(text);
  }

  set(text: string, value: unknown): void {
    if (this.firstText === undefined || text === this.firstText) {
      this.firstText = text;
      this.firstValue = value;
      return;
    }
    this.others ??= new Map();
    this.others.set(text, value);
  }
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
