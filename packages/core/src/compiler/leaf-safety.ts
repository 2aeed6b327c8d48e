import { compileXPath, parseXml } from "../select/xpath.ts";
import { type ComparisonOperator, compiles, type LeafParams } from "./leaf-params.ts";
import { boundedMemo } from "./memo.ts";

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/**
 * A header or query name whose absence really reads as "missing". Mountebank looks names up on plain
 * objects, so `constructor` or `toString` find inherited members instead of a missing field.
 */
export const safeName = (name: string): boolean => !(name in Object.prototype);

const PROTOTYPES: readonly object[] = [
  Object.prototype,
  String.prototype,
  Number.prototype,
  Boolean.prototype,
  Array.prototype,
];

/**
 * A body field name that reads as "missing" on every JSON value and on plain text: not an array index
 * and not a member any JSON value or string inherits (`length`, `0` on a string, …).
 */
export const safeBodyField = (name: string): boolean =>
  !/^\d+$/.test(name) && PROTOTYPES.every((proto) => !(name in proto));

const OBJECT_FIELDS = new Set(["query", "headers", "form"]);

/**
 * Whether evaluating one field of a comparison predicate might throw, judged from Mountebank's evaluator.
 * `deepEquals` never throws. The others throw in two ways: an object expectation against a string
 * field JSON-parses it and reads properties of the result, which fails when the text is `null` (checked
 * live: `equals body {a:'x'}` against the body `null` is a TypeError); and `contains`/`startsWith`/
 * `endsWith` call `indexOf` on values a selector or JSON body may give as non-strings. Header, query and
 * form fields are objects, so a flat record of scalars against them is safe.
 */
export function fieldMayThrow(
  operator: ComparisonOperator,
  field: string,
  value: unknown,
  params: LeafParams,
): boolean {
  // A JSONPath selection of several values is sorted as Mountebank sorts arrays, comparing with `<`, which
  // throws a TypeError on an object that a `"__proto__": null` key left without a prototype (`$..id` on
  // `{"id":{"__proto__":null,"id":"x"},"user":"x"}`; found by match.property.test.ts), in any field.
  if (params.jsonpath !== undefined) return true;
  if (operator === "deepEquals") return false;
  const flatOnObject = OBJECT_FIELDS.has(field) && isFlatScalarRecord(value);
  if (operator === "matches") {
    const flags = params.caseSensitive ? "" : "i";
    return !((isScalar(value) || flatOnObject) && patternsCompile(value, flags));
  }
  if (operator === "equals" || operator === "exists")
    return !(isScalar(value) || value === null || flatOnObject);
  if (params.jsonpath !== undefined || params.xpath !== undefined) return true;
  return isScalar(value) ? OBJECT_FIELDS.has(field) : !flatOnObject;
}

const isFlatScalarRecord = (value: unknown): boolean =>
  isPlainObject(value) && Object.values(value).every(isScalar);

function patternsCompile(value: unknown, flags: string): boolean {
  if (typeof value === "string") return compiles(value, flags);
  if (typeof value === "object" && value !== null) {
    return Object.values(value).every((inner) => patternsCompile(inner, flags));
  }
  return true;
}

/** XPath selectors fail by expression, not by document, so one trial run tells whether they ever throw. */
/**
 * A function call in a predicate or argument may throw only on documents that reach it (`//b[foo()]`
 * throws on XML with a `b`), so running the selector once on `<a/>` proves nothing for such selectors:
 * only the node tests text(), node() and comment() are taken as call-free.
 */
const callsFunctions = (selector: string): boolean =>
  selector.replace(/\b(?:text|node|comment)\(\s*\)/g, "").includes("(");

export const xpathRuns = (selector: string, ns: Readonly<Record<string, string>>): boolean =>
  !callsFunctions(selector) && xpathRunsMemo(JSON.stringify([selector, ns]));

const xpathRunsMemo = boundedMemo((key) => {
  const [selector, ns] = JSON.parse(key) as [string, Record<string, string>];
  try {
    compileXPath(selector, ns)(parseXml("<a/>"));
    return true;
  } catch {
    return false;
  }
});
