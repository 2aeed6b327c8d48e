import fc from "fast-check";

/**
 * XML bodies and `exists` stubs for the index-vs-oracle property test of the `xpathAttribute` dimension
 * (src/compiler/xpath-attribute.ts): elements and attributes from a few names and values that differ in
 * case, nested so that matches sit at any depth, and now and then markup the lite XML reader declines
 * (an entity, a namespace prefix, an unclosed element), which xmldom then reads.
 */

const ELEMENTS = ["a", "item", "Item"];
const ATTRIBUTES = ["id", "ID", "k"];
const VALUES = ["1", "2", "x", "X"];

interface Node {
  name: string;
  attributes: Array<[string, string]>;
  children: Node[];
}

/** A tree at most `depth` levels deep. */
const nodeOf = (depth: number): fc.Arbitrary<Node> =>
  fc.record({
    name: fc.constantFrom(...ELEMENTS),
    attributes: fc.uniqueArray(fc.tuple(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...VALUES)), {
      maxLength: 2,
      selector: ([name]) => name,
    }),
    children: depth === 0 ? fc.constant([]) : fc.array(nodeOf(depth - 1), { maxLength: 3 }),
  });

const text = (n: Node): string => {
  const attributes = n.attributes.map(([k, v]) => ` ${k}="${v}"`).join("");
  const inner = n.children.map(text).join("");
  return inner === "" ? `<${n.name}${attributes}/>` : `<${n.name}${attributes}>${inner}</${n.name}>`;
};

const DECLINED = [(x: string) => `<r>${x}&amp;</r>`, (x: string) => `<p:r xmlns:p="urn:p">${x}</p:r>`];

/** An XML body: a generated tree, sometimes wrapped in markup the lite reader declines. */
export const attributeBody: fc.Arbitrary<string> = fc
  .tuple(nodeOf(3), fc.nat({ max: 5 }))
  .map(([root, wrap]) => DECLINED[wrap]?.(text(root)) ?? text(root));

/** `exists: { body: true }` of `//element[@attribute='value']`, now and then with a second predicate. */
export const attributeStub = fc
  .tuple(
    fc.constantFrom(...ELEMENTS),
    fc.constantFrom(...ATTRIBUTES),
    fc.constantFrom(...VALUES),
    fc.constantFrom("", "[@k='x']"),
  )
  .map(([element, attribute, value, more]) => [
    { exists: { body: true }, xpath: { selector: `//${element}[@${attribute}='${value}']${more}` } },
  ]);
