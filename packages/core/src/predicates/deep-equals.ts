import type { Predicate } from "../schemas/predicate.ts";
import { selectorOf } from "./comparison.ts";
import { deepTexts, expectedDeepFields } from "./deep-text.ts";
import { type Encoding, foldOf } from "./fold.ts";
import { alwaysFailing } from "./normalize.ts";
import type { CompiledPredicate } from "./types.ts";

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
  const fields = expectedDeepFields(predicate.deepEquals, fold);
  const texts = deepTexts(fold, selector);
  return (view) => {
    texts.side.prepare(view);
    for (const field of fields) {
      if (texts.fieldText(view, field.name, field.structured) !== field.text) return false;
    }
    return true;
  };
}
