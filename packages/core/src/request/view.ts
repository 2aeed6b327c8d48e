import type { RequestView, TextCache } from "../predicates/types.ts";
import type { MbRequest } from "../schemas/request.ts";
import { parseJsonBody } from "../select/depth.ts";
import { parseXml, type XmlDocument } from "../select/xpath.ts";

const JSON_SPACE = "json";
const XML_SPACE = "xml";

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
  private spaces: Map<string, Map<string, unknown>> | undefined;
  private textSpaces: Map<string, TextCache> | undefined;

  constructor(readonly request: MbRequest) {}

  json(): unknown {
    return this.parseJson(this.request.body);
  }

  parseJson(text: string): unknown {
    const entries = this.texts(JSON_SPACE);
    if (entries.has(text)) return entries.get(text);
    const value = parseJsonBody(text);
    entries.set(text, value);
    return value;
  }

  xml(text: string): XmlDocument {
    const entries = this.texts(XML_SPACE);
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
    this.spaces ??= new Map();
    return spaceIn<Map<string, unknown>>(this.spaces, space, Map);
  }

  texts(space: string): TextCache {
    this.textSpaces ??= new Map();
    return spaceIn(this.textSpaces, space, FirstTextCache);
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
