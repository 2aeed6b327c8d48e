import { badData, MbFailure } from "../errors.ts";
import { compileUserRegex, type UserRegex } from "../regex/index.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { compileComparison } from "./comparison.ts";
import { type Encoding, errorMessage, type Fold } from "./fold.ts";
import type { Selector } from "./normalize.ts";
import type { CompiledPredicate } from "./types.ts";

/**
 * `matches` folds differently from the other operators, so a pattern such as `\W` is not lower-cased
 * into `\w`: values are never lower-cased (case-insensitivity is the RegExp `i` flag instead), keys are
 * lower-cased unless caseSensitive, `except` is removed from the request side only and always with the
 * `g` flag, the jsonpath selector is lower-cased unless caseSensitive and the xpath selector never is.
 */
export function compileMatches(predicate: Predicate, encoding: Encoding): CompiledPredicate {
  const caseSensitive = Boolean(predicate.caseSensitive);
  const expectedFold: Fold = {
    keysLower: !caseSensitive,
    valuesLower: false,
    except: undefined,
    exceptFlags: "g",
    base64: encoding === "base64",
  };
  const actualFold: Fold = {
    ...expectedFold,
    except: predicate.except ? String(predicate.except) : undefined,
  };
  return compileComparison({
    operator: "matches",
    expected: predicate.matches,
    expectedFold,
    actualFold,
    selector: matchesSelector(predicate, caseSensitive),
    test: patternTest(caseSensitive ? "" : "i"),
    existsKey: Boolean(predicate.exists),
    ...(encoding === "base64"
      ? { lateFailure: new MbFailure(badData("the matches predicate is not allowed in binary mode")) }
      : {}),
  });
}

function matchesSelector(predicate: Predicate, caseSensitive: boolean): Selector | undefined {
  if (predicate.jsonpath) {
    const selector = String(predicate.jsonpath.selector);
    return { kind: "jsonpath", selector: caseSensitive ? selector : selector.toLowerCase() };
  }
  if (!predicate.xpath) return undefined;
  const { selector, ns } = predicate.xpath;
  return { kind: "xpath", selector: String(selector), ...(ns ? { ns } : {}) };
}

/**
 * Each expected value is a pattern, compiled once per predicate (the expected side is fixed). An invalid
 * pattern fails as `bad data` when it is first tested, which is when Mountebank's RegExp throws.
 */
function patternTest(flags: string): (expected: unknown, actual: unknown) => boolean {
  const patterns = new Map<string, UserRegex | MbFailure>();
  return (expected, actual) => {
    const source = String(expected);
    let pattern = patterns.get(source);
    if (pattern === undefined) {
      pattern = compilePattern(source, flags);
      patterns.set(source, pattern);
    }
    if (pattern instanceof MbFailure) throw pattern;
    // RegExp#test converts the actual to a string (numbers from JSON bodies match as digits).
    return pattern.test(String(actual));
  };
}

function compilePattern(source: string, flags: string): UserRegex | MbFailure {
  try {
    return compileUserRegex(source, flags);
  } catch (error) {
    return new MbFailure(badData(errorMessage(error), source));
  }
}
