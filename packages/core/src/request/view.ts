import type { RequestView } from "../predicates/types.ts";
import type { MbRequest } from "../schemas/request.ts";
import { parseXml } from "../select/xpath.ts";

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

  const parseJson = (text: string): unknown => memo(JSON_SPACE, text, () => tryParse(text));

  return {
    request,
    json: () => parseJson(request.body),
    parseJson,
    xml: (text) => memo(XML_SPACE, text, () => parseXml(text)),
    memo,
    cache,
  };
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
