/**
 * The vocabulary of the route index: the dimensions a request is looked up by, and the necessary
 * conditions ("constraints") that predicate analysis derives for a stub on those dimensions.
 *
 * A constraint on a stub means: when the request's key on that dimension is not one of the constraint's
 * alternatives, the stub's predicates evaluate to false, without throwing and without running user code.
 */

/** Dimensions whose request attribute is compared for equality with string keys. */
export type EqSpec =
  /** `fold`: keys are compared lower-cased (the predicate is not caseSensitive). */
  | { readonly kind: "method" | "path" | "body"; readonly fold: boolean }
  /** One header or query name; `keyFold` when names are compared lower-cased. */
  | {
      readonly kind: "headers" | "query";
      readonly name: string;
      readonly keyFold: boolean;
      readonly fold: boolean;
    }
  /** A top-level field of a JSON body (`equals: { body: { name: value } }`), default case folding only. */
  | { readonly kind: "bodyField"; readonly name: string }
  /** A scalar leaf nested in a JSON body (`equals: { body: { user: { id } } }`), its names from the top. */
  | { readonly kind: "bodyPath"; readonly path: readonly string[] }
  /** A structured body as `deepEquals` compares it (the predicate's own text); default folding only. */
  | { readonly kind: "bodyShape" }
  /** The value a JSONPath selector picks from the body (`equals body` + `jsonpath`), default folding. */
  | { readonly kind: "jsonpath"; readonly selector: string }
  /** The value an XPath selector picks from the body (`equals body` + `xpath`), default folding. */
  | { readonly kind: "xpath"; readonly selector: string; readonly ns: Readonly<Record<string, string>> }
  /** `exists` of `//element[@attribute='literal']` in the body (xpath-attribute.ts), keyed by the literal. */
  | { readonly kind: "xpathAttribute"; readonly element: string; readonly attribute: string };

export interface EqConstraint {
  readonly type: "eq";
  readonly id: string;
  readonly spec: EqSpec;
  /** The request key must be one of these (the stub matches none when it is empty). */
  readonly keys: readonly string[];
}

export type LiteralRelation = "prefix" | "suffix" | "contains";

export interface LiteralAlternative {
  readonly relation: LiteralRelation;
  readonly text: string;
}

/** A header or query name whose values `contains`/`startsWith`/`endsWith` compare (issue 12). */
export interface FieldTarget {
  readonly kind: "headers" | "query";
  readonly name: string;
  /** Names are compared lower-cased. */
  readonly keyFold: boolean;
}

/**
 * The path (or, with `target`, some value of that header or query name) must stand in one of these
 * relations to one of these literals (lower-cased when `fold`).
 */
export interface LiteralConstraint {
  readonly type: "literal";
  readonly id: string;
  readonly fold: boolean;
  readonly alternatives: readonly LiteralAlternative[];
  readonly target?: FieldTarget | undefined;
}

/** An OR across dimensions: one of these constraints holds (at most one per dimension id). */
export interface AnyConstraint {
  readonly type: "any";
  readonly id: string;
  readonly alternatives: readonly (EqConstraint | LiteralConstraint)[];
}

export type Constraint = EqConstraint | LiteralConstraint | AnyConstraint;

/** What analysis learns about one predicate (or a list of them, joined by AND). */
export interface Analysis {
  /** At most one constraint per dimension id; all of them are necessary for a match. */
  readonly constraints: ReadonlyMap<string, Constraint>;
  /** True when evaluating the predicate can neither throw nor run user code, on any request. */
  readonly safe: boolean;
}

export const NOTHING_KNOWN: Analysis = { constraints: new Map(), safe: false };

export function eqId(spec: EqSpec): string {
  switch (spec.kind) {
    case "method":
    case "path":
    case "body":
      return `${spec.kind}:${spec.fold ? "f" : "x"}`;
    case "headers":
    case "query":
      return `${spec.kind}:${spec.keyFold ? "f" : "x"}${spec.fold ? "f" : "x"}:${spec.name}`;
    case "bodyField":
      return `bodyField:${spec.name}`;
    case "bodyPath":
      // JSON text, so a name holding a dot or a quote cannot make two paths read alike.
      return `bodyPath:${JSON.stringify(spec.path)}`;
    case "bodyShape":
      return "bodyShape";
    case "jsonpath":
      return `jsonpath:${spec.selector}`;
    case "xpath":
      return `xpath:${JSON.stringify(Object.entries(spec.ns).sort())}:${spec.selector}`;
    case "xpathAttribute":
      return `xpathAttribute:${JSON.stringify([spec.element, spec.attribute])}`;
  }
}

export const literalId = (fold: boolean, target?: FieldTarget): string =>
  target === undefined
    ? `pathLiteral:${fold ? "f" : "x"}`
    : `${target.kind}Literal:${target.keyFold ? "f" : "x"}${fold ? "f" : "x"}:${target.name}`;

/** The id of the OR over these dimension ids, whatever their order. */
export const anyId = (ids: readonly string[]): string => `any:${JSON.stringify([...ids].sort())}`;

export function eqConstraint(spec: EqSpec, keys: readonly string[]): EqConstraint {
  return { type: "eq", id: eqId(spec), spec, keys };
}

export function literalConstraint(
  fold: boolean,
  alternatives: readonly LiteralAlternative[],
  target?: FieldTarget,
): LiteralConstraint {
  return { type: "literal", id: literalId(fold, target), fold, alternatives, target };
}

export function anyConstraint(alternatives: readonly (EqConstraint | LiteralConstraint)[]): AnyConstraint {
  return { type: "any", id: anyId(alternatives.map((c) => c.id)), alternatives };
}
