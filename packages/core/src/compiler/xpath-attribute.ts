import { liteDocument } from "../predicates/selection.ts";
import type { LiteElement } from "../readers/xml-lite.ts";
import { attributeOf, compileLiteXPath, planOf } from "../readers/xpath-lite.ts";
import { type Constraint, eqConstraint } from "./constraints.ts";
import type { LeafParams } from "./leaf-params.ts";
import type { RequestScan } from "./request-scan.ts";

/**
 * The `xpathAttribute` dimension (issue 12's XPath shape): `exists: { body: true }` with the selector
 * `//item[@id='7']`, one distinct selector per stub, is keyed by (element, attribute) with the literal as
 * its key. On a document the lite XML reader reads (readers/xml-lite.ts, the very tree the predicate's
 * selection runs on), such a predicate holds exactly when some element of that name has the attribute
 * with that value, and every element the selection finds has a non-empty string value (its text, or
 * "undefined"), which `exists` accepts. So the request's keys are the attribute's values on every
 * element of that name; a document the lite reader declines goes to xmldom and is not judged.
 */
export interface AttributeTest {
  readonly element: string;
  readonly attribute: string;
  readonly literal: string;
}

/**
 * The test of a selector of the form `//element[@attribute='literal']` (further `[@a='v']` predicates
 * only narrow it: the first is a necessary condition), as the predicate runs it (already folded), or
 * undefined for any other selector, or one the lite path does not run (a default namespace).
 */
export function attributeTest(
  selector: string,
  ns: Readonly<Record<string, string>>,
): AttributeTest | undefined {
  if (compileLiteXPath(selector, ns) === undefined) return undefined;
  const plan = planOf(selector);
  const step = plan?.steps[0];
  if (plan === undefined || step === undefined || plan.steps.length !== 1 || plan.attribute !== undefined) {
    return undefined;
  }
  const [attribute, literal] = step.where;
  if (!step.deep || step.name === undefined || attribute === undefined || literal === undefined)
    return undefined;
  return { element: step.name, attribute, literal };
}

/** `exists: { body: true }` with such a selector and the default folds (so selector and body are folded). */
export function existsAttributeConstraint(
  field: string,
  value: unknown,
  params: LeafParams,
): Constraint | undefined {
  if (field !== "body" || value !== true || !params.keyFold || !params.valueFold) return undefined;
  const test = params.xpath && attributeTest(params.xpath.selector, params.xpath.ns);
  if (test === undefined) return undefined;
  const spec = { kind: "xpathAttribute", element: test.element, attribute: test.attribute } as const;
  return eqConstraint(spec, [test.literal]);
}

/**
 * The values of `attribute` on every `element` of the request's folded body, read from the lite tree the
 * predicate's selection reads (shared through the RequestView cache); undefined when the lite reader
 * declines the body. A body without markup has no elements, so no keys.
 */
export function attributeValues(scan: RequestScan, element: string, attribute: string): string[] | undefined {
  const doc = liteDocument(scan.view, scan.foldedBody());
  if (doc === null) return undefined;
  const values: string[] = [];
  if (doc.root !== undefined) collect(doc.root, element, attribute, values);
  return values;
}

/** Depth-first; the lite reader refuses documents deeper than MAX_BODY_DEPTH, so this recursion is bounded. */
function collect(node: LiteElement, element: string, attribute: string, into: string[]): void {
  if (node.name === element) {
    const value = attributeOf(node, attribute);
    if (value !== undefined) into.push(value);
  }
  for (const child of node.children) collect(child, element, attribute, into);
}
