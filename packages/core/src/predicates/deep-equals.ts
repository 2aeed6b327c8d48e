import type { Predicate } from "../schemas/predicate.ts";
import { selectorOf } from "./comparison.ts";
import { type Encoding, foldKey, foldOf, forceStrings, valueFolder } from "./fold.ts";
import { actualSide, alwaysFailing, normalizeExpected } from "./normalize.ts";
import { stableStringify } from "./ordering.ts";
import { transformForced } from "./transform-tree.ts";
import type { CompiledPredicate, RequestView } from "./types.ts";

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

interface ExpectedField {
  name: string;
  /** An object or array expectation lets a JSON string actual be parsed and folded first. */
  structured: boolean;
  text: string | undefined;
}

/**
 * `deepEquals`: both sides go through `forceStrings` and the usual folds (arrays sorted), then each
 * expected top-level field is compared with the request field as stable JSON text, so order within
 * arrays and objects does not matter but every extra field or element does. Request fields the
 * expectation does not name are ignored.
 */
export function compileDeepEquals(predicate: Predicate, encoding: Encoding): CompiledPredicate {
  const fold = foldOf(predicate, encoding);
  const selector = selectorOf(predicate);
  const failure = alwaysFailing(fold, selector);
  if (failure) {
    return () => {
      throw failure;
    };
  }
  const expected = Object(normalizeExpected(forceStrings(predicate.deepEquals), fold)) as Record<
    string,
    unknown
  >;
  const fields: ExpectedField[] = Object.keys(expected).map((name) => ({
    name,
    structured: isObject(expected[name]),
    text: stableStringify(expected[name]),
  }));
  const side = actualSide(fold, selector, true);
  const foldName = (name: string) => foldKey(fold, name);
  const foldValue = valueFolder(fold);
  const textSpace = `${side.id}#text`;
  const jsonSpace = `${side.id}#json`;

  // The JSON re-parse folds a second time (as Mountebank does), with the expected side's rules.
  const jsonText = (view: RequestView, text: string): string | undefined => {
    const cache = view.texts(jsonSpace);
    if (cache.has(text)) return cache.get(text) as string | undefined;
    const value = stableStringify(transformForced(side.parseJson(view, text), foldName, foldValue));
    cache.set(text, value);
    return value;
  };
  const fieldText = (view: RequestView, name: string, actual: unknown): string | undefined => {
    const cache = view.cache(textSpace);
    if (cache.has(name)) return cache.get(name) as string | undefined;
    const value = stableStringify(actual);
    cache.set(name, value);
    return value;
  };

  return (view) => {
    side.prepare(view);
    for (const field of fields) {
      const actual = side.field(view, field.name);
      const text =
        field.structured && typeof actual === "string"
          ? jsonText(view, actual)
          : fieldText(view, field.name, actual);
      if (text !== field.text) return false;
    }
    return true;
  };
}
