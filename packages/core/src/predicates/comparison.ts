import { badData, MbFailure } from "../errors.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { type Encoding, effectiveKeyCaseSensitive, type Fold, foldOf } from "./fold.ts";
import { actualSide, alwaysFailing, normalizeExpected, type Selector } from "./normalize.ts";
import { fieldHolds, type Satisfaction } from "./satisfy.ts";
import type { CompiledPredicate } from "./types.ts";

/** Everything a field-comparing operator (equals, contains, matches, ...) is compiled from. */
export interface ComparisonSpec {
  operator: string;
  expected: unknown;
  expectedFold: Fold;
  actualFold: Fold;
  selector: Selector | undefined;
  test(expected: unknown, actual: unknown): boolean;
  existsKey: boolean;
  /** Raised after the folds succeeded, e.g. the `matches` binary-mode error. */
  lateFailure?: MbFailure;
}

/**
 * Compiles Mountebank's `create(operator, fn)`: the expected side is folded once, here; the request side
 * is folded per request, field by field, through the RequestView cache.
 */
export function compileComparison(spec: ComparisonSpec): CompiledPredicate {
  const failure =
    alwaysFailing(spec.expectedFold, undefined) ?? alwaysFailing(spec.actualFold, spec.selector);
  const fail = failure ?? spec.lateFailure ?? notAnObject(spec);
  if (fail) {
    return () => {
      throw fail;
    };
  }
  const expected = Object(normalizeExpected(spec.expected, spec.expectedFold)) as Record<string, unknown>;
  const names = Object.keys(expected);
  const side = actualSide(spec.actualFold, spec.selector, false);
  const rules: Satisfaction = { test: spec.test, parseJson: side.parseJson, existsKey: spec.existsKey };
  return (view) => {
    side.prepare(view);
    for (const name of names) {
      if (!fieldHolds(expected, name, side.field(view, name), undefined, view, rules)) return false;
    }
    return true;
  };
}

/** Mountebank reads the fields of the expectation, which throws for null. */
function notAnObject(spec: ComparisonSpec): MbFailure | undefined {
  if (spec.expected !== null && spec.expected !== undefined) return undefined;
  return new MbFailure(badData(`the ${spec.operator} predicate needs an object of request fields`));
}

/** A comparison with the usual folds (every operator but matches and deepEquals). */
export function standardComparison(
  operator: keyof Predicate & string,
  predicate: Predicate,
  encoding: Encoding,
  test: (expected: unknown, actual: unknown) => boolean,
): CompiledPredicate {
  const fold = foldOf(predicate, encoding);
  return compileComparison({
    operator,
    expected: predicate[operator],
    expectedFold: fold,
    actualFold: fold,
    selector: selectorOf(predicate),
    test,
    existsKey: Boolean(predicate.exists),
  });
}

/**
 * The jsonpath or xpath parameter as Mountebank applies it (jsonpath wins when both are set): the
 * jsonpath selector is lower-cased unless keys are case-sensitive; the xpath selector and namespace URIs
 * unless the predicate is, because the text they run on was lower-cased too.
 */
export function selectorOf(predicate: Predicate): Selector | undefined {
  if (predicate.jsonpath) {
    const selector = String(predicate.jsonpath.selector);
    return {
      kind: "jsonpath",
      selector: effectiveKeyCaseSensitive(predicate) ? selector : selector.toLowerCase(),
    };
  }
  if (!predicate.xpath) return undefined;
  const { selector, ns } = predicate.xpath;
  if (predicate.caseSensitive) return { kind: "xpath", selector: String(selector), ...(ns ? { ns } : {}) };
  const lowered = Object.fromEntries(
    Object.entries(ns ?? {}).map(([prefix, uri]) => [prefix, uri.toLowerCase()]),
  );
  return { kind: "xpath", selector: String(selector).toLowerCase(), ns: lowered };
}
