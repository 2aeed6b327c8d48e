import type { RequestView, TextCache } from "../predicates/types.ts";
import type { MbRequest } from "../schemas/request.ts";
import { parseJsonBody } from "../select/depth.ts";
import { parseXml, type XmlDocument } from "../select/xpath.ts";

/**
 * Wraps one request with lazy caches, so evaluating every stub's predicates against it parses the body
 * (or any transformed copy of it) at most once per distinct text and normalizes each field once per
 * distinct transform. Create one per incoming request; it holds no state beyond that request.
 */
export function createRequestView(request: MbRequest): RequestView {
  return new View(request);
}

/**
 * A class rather than an object of closures: one allocation per request instead of six, and nothing for
 * esbuild's `keepNames` (wrangler's default) to wrap in a `defineProperty` call per request. The maps
 * are made on first use; many requests never need the text caches. Its methods must be called on it.
 */
class View implements RequestView {
  // Most requests use one cache space and one text space: each first one is kept in a field, so the Maps
  // that hold further spaces are made only when a request needs them (each Map is about 200 bytes of
  // garbage per request: packages/core/bench/AB-2026-11-28.md).
  private firstSpace: string | undefined;
  private firstEntries: Map<string, unknown> | undefined;
  private spaces: Map<string, Map<string, unknown>> | undefined;
  private firstTextSpace: string | undefined;
  private firstTexts: TextCache | undefined;
  private textSpaces: Map<string, TextCache> | undefined;
  private names: readonly string[] | undefined;
  private jsonTexts: FirstTextCache | undefined;
  private xmlTexts: FirstTextCache | undefined;

  constructor(readonly request: MbRequest) {}

  json(): unknown {
    return this.parseJson(this.request.body);
  }

  parseJson(text: string): unknown {
    this.jsonTexts ??= new FirstTextCache();
    const entries = this.jsonTexts;
    if (entries.has(text)) return entries.get(text);
    const value = parseJsonBody(text);
    entries.set(text, value);
    return value;
  }

  xml(text: string): XmlDocument {
    this.xmlTexts ??= new FirstTextCache();
    const entries = this.xmlTexts;
    if (entries.has(text)) return entries.get(text) as XmlDocument;
    const value = parseXml(text);
    entries.set(text, value);
    return value;
  }

  memo<T>(space: string, key: string, compute: () => T): T {
    const entries = this.cache(space);
    if (entries.has(key)) return entries.get(key) as T;
    const value = compute();
    entries.set(key, value);
    return value;
  }

  cache(space: string): Map<string, unknown> {
    if (space === this.firstSpace && this.firstEntries !== undefined) return this.firstEntries;
    if (this.firstSpace === undefined) {
      this.firstSpace = space;
      this.firstEntries = new Map();
      return this.firstEntries;
    }
    this.spaces ??= new Map();
    return spaceIn<Map<string, unknown>>(this.spaces, space, Map);
  }

  texts(space: string): TextCache {
    if (space === this.firstTextSpace && this.firstTexts !== undefined) return this.firstTexts;
    if (this.firstTextSpace === undefined) {
      this.firstTextSpace = space;
      this.firstTexts = new FirstTextCache();
      return this.firstTexts;
    }
    this.textSpaces ??= new Map();
    return spaceIn(this.textSpaces, space, FirstTextCache);
  }

  fieldNames(): readonly string[] {
    this.names ??= Object.keys(this.request);
    return this.names;
  }
}

/** A constructor rather than a factory closure, which would be allocated on every call. */
function spaceIn<V>(spaces: Map<string, V>, space: string, Make: new () => V): V {
  let entries = spaces.get(space);
  if (entries === undefined) {
    entries = new Make();
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
