import { badData, MbFailure } from "../errors.ts";
import { SCAN_DECLINED, scanPlainPath } from "../readers/json-scan.ts";
import { type LiteDocument, readLiteXml } from "../readers/xml-lite.ts";
import { compileLiteXPath, type LiteXPath } from "../readers/xpath-lite.ts";
import { compileJsonPath, plainNames } from "../select/jsonpath.ts";
import { type CompiledXPath, compileXPath, type XPathSelection } from "../select/xpath.ts";
import { type Fold, forceStrings } from "./fold.ts";
import { sortForComparison } from "./ordering.ts";
import { parsesAsFolded, shortcutOf } from "./try-json.ts";
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
    const lite = compileLiteXPath(selector.selector, selector.ns);
    return (view, text) =>
      orderIndependent(unwrapSingle(lite ? selectLite(view, text, lite, select) : select(view.xml(text))));
  }
  const select = compileJsonPath(selector.selector);
  // Where tryJSON would hand the selector JSON.parse's own tree, a plain path is read off the text
  // (readers/json-scan.ts). Forcing strings first gives strings `length` and indices, so not then.
  const names = shouldForceStrings ? undefined : plainNames(selector.selector);
  const shortcut = shortcutOf(fold);
  return (view, text) => {
    if (names !== undefined && shortcut !== undefined && parsesAsFolded(shortcut, text)) {
      const scanned = scanPlainPath(text, names);
      if (scanned !== SCAN_DECLINED) return orderIndependent(unwrapSingle(scanned));
    }
    const parsed = parseJson(view, text);
    const source = shouldForceStrings ? forceStrings(parsed) : parsed;
    return orderIndependent(unwrapSingle(select(source)));
  };
}

const LITE_SPACE = "xml-lite";

/**
 * A plain path on a plain document skips xmldom (see readers/xml-lite.ts); anything else, or a document
 * the lite reader declines, goes through xmldom. Texts without markup (most request fields, which an
 * xpath predicate also selects from) are the cheapest case of all.
 */
function selectLite(view: RequestView, text: string, lite: LiteXPath, select: CompiledXPath): XPathSelection {
  const doc = liteDocument(view, text);
  return doc === null ? select(view.xml(text)) : lite(doc);
}

/** The lite tree of a text, or null when the lite reader declines it; read once per text and view. */
export function liteDocument(view: RequestView, text: string): LiteDocument | null {
  const cache = view.texts(LITE_SPACE);
  let doc = cache.get(text) as LiteDocument | null | undefined;
  if (doc === undefined) {
    doc = readLiteXml(text) ?? null;
    cache.set(text, doc);
  }
  return doc;
}

/** One match is compared as a scalar, several as an array (as repeated query keys are). */
function unwrapSingle(selected: unknown): unknown {
  return Array.isArray(selected) && selected.length === 1 ? selected[0] : selected;
}

/** Sorts a copy: a single match may be an array inside the cached parsed body, shared by predicates. */
function orderIndependent(selected: unknown): unknown {
  return Array.isArray(selected) ? sortForComparison([...selected]) : selected;
}
