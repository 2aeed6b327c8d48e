import type { XPathSelection } from "../select/xpath.ts";
import type { LiteDocument, LiteElement } from "./xml-lite.ts";

/**
 * Plain location paths evaluated straight on a `readLiteXml` tree, with the results `compileXPath`
 * gives on xmldom's tree of the same text. A plain path is name steps joined by `/` or `//`, each a
 * name without prefix or `*`, after an optional leading `/` or `//`, optionally ending in one
 * attribute step `@name`: `//order/id`, `/a/*`, `a//b/@id`. An element step may carry predicates that
 * compare one of its attributes with a string literal, `//item[@id='7']`, `a[@k="v"][@n='1']` (issue 12:
 * one selector per stub, each run on every request, is what made xmldom's evaluator the XPath scenario's
 * cost). Such a path calls no function and resolves no namespace prefix, so it never throws, whatever the
 * document.
 */
export type LiteXPath = (doc: LiteDocument) => XPathSelection;

interface Step {
  /** Reached through `//` (descendants) rather than `/` (children). */
  readonly deep: boolean;
  /** undefined for `*`. */
  readonly name: string | undefined;
  /** `[@name='value']` predicates, in pairs of attribute name and literal: all must hold. */
  readonly where: readonly string[];
}

interface Plan {
  readonly steps: readonly Step[];
  readonly attribute: { readonly deep: boolean; readonly name: string } | undefined;
}

const TOKEN = /(\/\/?)?(@?)([A-Za-z_]\w*|\*)/uy;
/**
 * `[@name='literal']` after an element step: XPath compares the attribute's string value with the
 * literal, so equal strings select (a number, `[@id=7]`, would compare numbers, and is not taken).
 */
const ATTRIBUTE_EQUALS = /\[\s*@([A-Za-z_]\w*)\s*=\s*(?:'([^']*)'|"([^"]*)")\s*\]/uy;
/** Names the XPath grammar may read as operators or node types instead of element names. */
const RESERVED = new Set(["and", "or", "div", "mod", "node", "text", "comment"]);

/** The plan of a plain path, or undefined when the selector is anything else. */
export function planOf(selector: string): Plan | undefined {
  const steps: Step[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < selector.length) {
    const match = TOKEN.exec(selector);
    if (match === null) return undefined;
    const [, separator, at, name = ""] = match;
    if (separator === undefined && steps.length > 0) return undefined;
    if (RESERVED.has(name)) return undefined;
    const deep = separator === "//";
    if (at === "") {
      const where = predicatesAt(selector);
      if (where === undefined) return undefined;
      steps.push({ deep, name: name === "*" ? undefined : name, where });
      continue;
    }
    if (name === "*" || TOKEN.lastIndex !== selector.length || steps.length === 0) return undefined;
    return { steps, attribute: { deep, name } };
  }
  return steps.length > 0 ? { steps, attribute: undefined } : undefined;
}

/** The attribute predicates from TOKEN's position on, moving it past them; undefined on a reserved name. */
function predicatesAt(selector: string): string[] | undefined {
  const where: string[] = [];
  ATTRIBUTE_EQUALS.lastIndex = TOKEN.lastIndex;
  for (let match = ATTRIBUTE_EQUALS.exec(selector); match !== null; match = ATTRIBUTE_EQUALS.exec(selector)) {
    const [, attribute = "", single, double] = match;
    if (RESERVED.has(attribute)) return undefined;
    where.push(attribute, single ?? double ?? "");
    TOKEN.lastIndex = ATTRIBUTE_EQUALS.lastIndex;
  }
  return where;
}

/** Compiles a plain path, or returns undefined for any other selector (and for a default namespace). */
export function compileLiteXPath(
  selector: string,
  ns: Readonly<Record<string, string>> | undefined,
): LiteXPath | undefined {
  if (ns !== undefined && Object.hasOwn(ns, "")) return undefined;
  const plan = planOf(selector);
  if (plan === undefined) return undefined;
  return (doc) => {
    if (doc.root === undefined) return undefined;
    // The document node: its only element child is the root.
    let nodes: LiteElement[] = [{ name: "", order: -1, value: "", children: [doc.root], attributes: [] }];
    // Each step filters by name and attributes alone, never by position, so filtering what the axis
    // reached gives the step's node set.
    for (const step of plan.steps) nodes = stepFrom(nodes, step);
    const values = plan.attribute ? attributeValues(nodes, plan.attribute) : nodes.map((node) => node.value);
    return values.length === 0 ? undefined : values;
  };
}

function stepFrom(contexts: readonly LiteElement[], step: Step): LiteElement[] {
  const found: LiteElement[] = [];
  for (const context of contexts) {
    if (step.deep) collectDescendants(context, step, found);
    else for (const child of context.children) if (matches(child, step)) found.push(child);
  }
  return contexts.length > 1 ? inDocumentOrder(found) : found;
}

const ANY: Step = { deep: true, name: undefined, where: [] };

function matches(element: LiteElement, step: Step): boolean {
  if (step.name !== undefined && element.name !== step.name) return false;
  const where = step.where;
  for (let i = 0; i < where.length; i += 2)
    if (attributeOf(element, where[i]!) !== where[i + 1]) return false;
  return true;
}

function collectDescendants(element: LiteElement, step: Step, into: LiteElement[]): void {
  for (const child of element.children) {
    if (matches(child, step)) into.push(child);
    collectDescendants(child, step, into);
  }
}

/** Node sets are sets: in document order, each node once (nested contexts reach a node twice). */
function inDocumentOrder(nodes: LiteElement[]): LiteElement[] {
  nodes.sort((a, b) => a.order - b.order);
  return nodes.filter((node, i) => i === 0 || nodes[i - 1] !== node);
}

/** `@name` of each context element, or with `//@name` of each and all its descendants too. */
function attributeValues(
  contexts: readonly LiteElement[],
  attribute: { deep: boolean; name: string },
): string[] {
  let owners = contexts;
  if (attribute.deep) {
    const all: LiteElement[] = [];
    for (const context of contexts) {
      all.push(context);
      collectDescendants(context, ANY, all);
    }
    owners = contexts.length > 1 ? inDocumentOrder(all) : all;
  }
  const values: string[] = [];
  for (const owner of owners) {
    const value = attributeOf(owner, attribute.name);
    if (value !== undefined) values.push(value);
  }
  return values;
}

export function attributeOf(element: LiteElement, name: string): string | undefined {
  const pairs = element.attributes;
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === name) return pairs[i + 1];
  return undefined;
}
