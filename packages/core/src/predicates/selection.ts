import { badData, MbFailure } from "../errors.ts";
import { selectJsonPath } from "../select/jsonpath.ts";
import { compileXPath } from "../select/xpath.ts";
import { type Fold, forceStrings } from "./fold.ts";
import { sortForComparison } from "./ordering.ts";
import type { RequestView } from "./types.ts";

/** A jsonpath or xpath parameter, already lower-cased as the operator requires. */
export interface Selector {
  kind: "jsonpath" | "xpath";
  selector: string;
  ns?: Record<string, string>;
}

/**
 * What replaces each folded request string when a predicate has a selector: the selected value(s).
 * As in Mountebank, jsonpath reads the text through `tryJSON` (forcing strings for deepEquals) and xpath
 * parses it as XML (once per distinct text, through the view); a selector in binary mode is an error.
 */
export type SelectorLeaf = (view: RequestView, folded: string) => unknown;

export function selectorLeaf(
  selector: Selector | undefined,
  fold: Fold,
  shouldForceStrings: boolean,
  parseJson: (view: RequestView, text: string) => unknown,
): SelectorLeaf | undefined {
  if (selector === undefined) return undefined;
  if (fold.base64) {
    const failure = new MbFailure(
      badData(`the ${selector.kind} predicate parameter is not allowed in binary mode`),
    );
    return () => {
      throw failure;
    };
  }
  if (selector.kind === "xpath") {
    const select = compileXPath(selector.selector, selector.ns);
    return (view, text) => orderIndependent(unwrapSingle(select(view.xml(text))));
  }
  return (view, text) => {
    const parsed = parseJson(view, text);
    const source = shouldForceStrings ? forceStrings(parsed) : parsed;
    return orderIndependent(unwrapSingle(selectJsonPath(selector.selector, source)));
  };
}

/** One match is compared as a scalar, several as an array (as repeated query keys are). */
function unwrapSingle(selected: unknown): unknown {
  return Array.isArray(selected) && selected.length === 1 ? selected[0] : selected;
}

/** Sorts a copy: a single match may be an array inside the cached parsed body, shared by predicates. */
function orderIndependent(selected: unknown): unknown {
  return Array.isArray(selected) ? sortForComparison([...selected]) : selected;
}
