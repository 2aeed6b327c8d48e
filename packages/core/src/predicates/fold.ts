import { badData, MbFailure } from "../errors.ts";
import { compileUserRegex, type UserRegex } from "../regex/index.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { decodeBase64Text } from "./base64.ts";

/**
 * How a predicate folds keys and string values before it compares them: Mountebank's `normalize`.
 * The evaluator and the route index (src/compiler) must fold identically, so both use these helpers.
 *
 * Each string value goes through, in this order: base64-decoding (binary mode only), lower-casing
 * (unless case-sensitive), then removal of every `except` match. Object keys are only lower-cased.
 * Numbers, booleans and null are never folded (but see `comparable` and `forceStrings`).
 */
export interface Fold {
  readonly keysLower: boolean;
  readonly valuesLower: boolean;
  /** The `except` pattern source, or undefined when there is none (an empty string counts as none). */
  readonly except: string | undefined;
  /** `gi` when values are lower-cased, else `g`: Mountebank ties the except flags to case sensitivity. */
  readonly exceptFlags: "g" | "gi";
  readonly base64: boolean;
}

export type Encoding = "utf8" | "base64";

/**
 * The fold of every operator except `matches`. `caseSensitive` (default false) controls values and keys;
 * the undocumented `keyCaseSensitive` (default: caseSensitive) can only add key lower-casing, when it is
 * `false` while caseSensitive is true. Truthiness is what counts, as in Mountebank.
 */
export function foldOf(predicate: Predicate, encoding: Encoding = "utf8"): Fold {
  const caseSensitive = Boolean(predicate.caseSensitive);
  return {
    keysLower: effectiveKeyCaseSensitive(predicate) === false || !caseSensitive,
    valuesLower: !caseSensitive,
    except: predicate.except ? String(predicate.except) : undefined,
    exceptFlags: caseSensitive ? "g" : "gi",
    base64: encoding === "base64",
  };
}

/** `keyCaseSensitive` as Mountebank sees it once it has defaulted it to `caseSensitive`. */
export function effectiveKeyCaseSensitive(predicate: Predicate): unknown {
  return predicate.keyCaseSensitive === undefined ? predicate.caseSensitive : predicate.keyCaseSensitive;
}

/** The fold with no option set: keys and values lower-cased, nothing removed. What most stubs use. */
export const DEFAULT_FOLD: Fold = foldOf({});

export const lowerCase = (text: string): string => text.toLowerCase();

export function foldKey(fold: Fold, key: string): string {
  return fold.keysLower ? key.toLowerCase() : key;
}

/**
 * Builds the string-value fold once. An invalid `except` pattern is reported (as `bad data`) when the
 * fold first runs, which is when Mountebank reports it; base64 decoding never fails (Node is lenient).
 */
export function valueFolder(fold: Fold): (text: string) => string {
  const except = exceptPattern(fold);
  return (text) => {
    let value = fold.base64 ? decodeBase64Text(text) : text;
    if (fold.valuesLower) value = value.toLowerCase();
    if (except === undefined) return value;
    if (except instanceof MbFailure) throw except;
    return except.removeAll(value);
  };
}

function exceptPattern(fold: Fold): UserRegex | MbFailure | undefined {
  if (fold.except === undefined) return undefined;
  try {
    return compileUserRegex(fold.except, fold.exceptFlags);
  } catch (error) {
    return new MbFailure(badData(errorMessage(error), fold.except));
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The scalar `equals` compares: `x.toString()` for anything that has one, null and undefined as they
 * are. So `1` equals `"1"`, `true` equals `"true"`, `null` equals only `null` (not `"null"`), and an
 * array compares as its comma-joined elements.
 */
export function comparable(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const candidate = value as { toString?: unknown };
  return typeof candidate.toString === "function" ? (candidate.toString as () => string)() : value;
}

/**
 * `deepEquals` coerces both sides before folding: null becomes "null", other scalars their string form,
 * recursively through arrays and objects (which come out as plain objects).
 */
export function forceStrings(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(forceStrings);
  if (typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(value)) result[key] = forceStrings((value as Record<string, unknown>)[key]);
    return result;
  }
  return comparable(value);
}
