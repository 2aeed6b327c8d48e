import xmldom from "@xmldom/xmldom";
import xpath from "xpath";
import { badData, MbFailure } from "../errors.ts";
import { MAX_BODY_DEPTH } from "./depth.ts";

/** What an XPath selection yields, as Mountebank's `models/xpath.js` returns it. */
export type XPathSelection = number | boolean | string[] | undefined;

/** The parts of an xmldom node this module reads. */
interface XmlNode {
  nodeType: number;
  nodeValue?: string | null;
  value?: string;
  data?: unknown;
  firstChild?: XmlNode | null;
  nextSibling?: XmlNode | null;
  parentNode?: XmlNode | null;
}

/** A parsed document, or undefined when the text is empty (xmldom builds no document then). */
export type XmlDocument = object | undefined;

interface DomImplementation {
  hasFeature(feature: string, version: string): boolean;
}

/** The DOM Level 3 XPath API the xpath package installs on its exports (it is missing from its typings). */
interface Dom3Expression {
  evaluate(node: object, type: number, reuse: null): Dom3Result;
}
interface Dom3Result {
  resultType: number;
  numberValue?: number;
  booleanValue?: boolean;
  nodes?: XmlNode[];
}
interface Dom3Api {
  createExpression(
    selector: string,
    resolver: { lookupNamespaceURI(prefix: string): string | undefined },
  ): Dom3Expression;
}
const dom3 = xpath as unknown as Dom3Api;
// XPathResult type codes (DOM Level 3 XPath).
const ANY_TYPE = 0;
const NUMBER_TYPE = 1;
const STRING_TYPE = 2;
const BOOLEAN_TYPE = 3;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const ATTRIBUTE_NODE = 2;
const quiet = (_level: string, _message: unknown): void => {};

/**
 * Parses text the way Mountebank does: xmldom in XML mode with every warning and error swallowed, so any
 * text yields a document (possibly without a root element). Empty text yields undefined, and so does a
 * document nested deeper than MAX_BODY_DEPTH: xmldom's normalize() and the xpath library's axes
 * recurse per level, so far deeper documents overflow the stack (Mountebank answers them with a 500).
 */
export function parseXml(text: string): XmlDocument {
  let doc: unknown;
  try {
    doc = new xmldom.DOMParser({ errorHandler: quiet }).parseFromString(text);
  } catch {
    return undefined; // its normalize() recursed deeper than the stack: far past MAX_BODY_DEPTH
  }
  if (doc === undefined || doc === null || deeperThan(doc as XmlNode, MAX_BODY_DEPTH)) return undefined;
  // xmldom claims every DOM feature, which makes the xpath library match names case-insensitively as if
  // the document were HTML. Mountebank turns that off the same way, so node names stay case-sensitive.
  const impl = (doc as { implementation?: DomImplementation }).implementation;
  if (impl) {
    const original = impl.hasFeature.bind(impl);
    impl.hasFeature = (feature, version) =>
      !(feature === "HTML" && version === "2.0") && original(feature, version);
  }
  return doc;
}

/**
 * Whether any element lies more than `max` levels below `doc` (the root element is 1; text in the
 * deepest element does not count, as in readers/xml-lite.ts): a walk in document order, without a stack.
 */
function deeperThan(doc: XmlNode, max: number): boolean {
  let depth = 0;
  let node: XmlNode | null | undefined = doc;
  while (node) {
    if (node.firstChild) {
      node = node.firstChild;
      if (++depth > max && node.nodeType === ELEMENT_NODE) return true;
      continue;
    }
    while (node && node !== doc && !node.nextSibling) {
      node = node.parentNode;
      depth--;
    }
    node = node === doc || !node ? undefined : node.nextSibling;
  }
  return false;
}

/** An XPath expression ready to run against many documents; built once per selector and namespace map. */
export type CompiledXPath = (doc: XmlDocument) => XPathSelection;

/**
 * Compiles an XPath selector with a prefix → URI map. A malformed selector does not throw here: as in
 * Mountebank, it throws `bad data: malformed xpath predicate selector` only when run on a document.
 *
 * Results: a number or boolean from functions such as `count()` comes back as is; node sets become the
 * array of their node values (text and attribute values; for an element, its first child's data as a
 * string, so an empty element gives "undefined" and still "exists"); an empty node set gives undefined.
 * A string-valued expression (`string(...)`, `concat(...)`) makes Mountebank crash with a TypeError;
 * here it throws a `bad data` failure instead.
 */
export function compileXPath(selector: string, ns: Record<string, string> | undefined): CompiledXPath {
  const mappings = ns ?? {};
  // Parsed once here; a parse error is kept and reported when the expression is first run on a document.
  let expression: Dom3Expression | undefined;
  let parseError: unknown;
  try {
    expression = dom3.createExpression(selector, { lookupNamespaceURI: (prefix) => mappings[prefix] });
  } catch (error) {
    parseError = error;
  }
  return (doc) => {
    if (doc === undefined) return undefined;
    let result: Dom3Result;
    try {
      if (!expression) throw parseError;
      result = expression.evaluate(doc, ANY_TYPE, null);
    } catch {
      // Mountebank attaches the xpath library's Error as `inner`, which its JSON output prints as {}.
      throw new MbFailure(
        Object.assign(badData("malformed xpath predicate selector", selector), { inner: {} }),
      );
    }
    if (result.resultType === NUMBER_TYPE) return result.numberValue;
    if (result.resultType === BOOLEAN_TYPE) return result.booleanValue;
    if (result.resultType === STRING_TYPE) {
      throw new MbFailure(badData("xpath selector must select nodes, a number or a boolean", selector));
    }
    const nodes = result.nodes ?? [];
    return nodes.length === 0 ? undefined : nodes.map(nodeValue);
  };
}

/** Parses `xml` and selects from it in one step; for callers without a per-request document cache. */
export function selectXPath(
  selector: string,
  ns: Record<string, string> | undefined,
  xml: string,
): XPathSelection {
  return compileXPath(selector, ns)(parseXml(xml));
}

function nodeValue(node: XmlNode): string {
  if (node.nodeType === TEXT_NODE) return String(node.nodeValue);
  if (node.nodeType === ATTRIBUTE_NODE) return String(node.value);
  return node.firstChild ? String(node.firstChild.data) : String(node.data);
}
