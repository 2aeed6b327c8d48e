import type { ExchangeCase } from "./case-types.ts";
import { xml } from "./case-types.ts";

const item = (id: string) => ({
  predicates: [{ exists: { body: true }, xpath: { selector: `//item[@id='${id}']` } }],
  responses: [{ is: { body: `item ${id}` } }],
});

/**
 * Issue 12's XPath shape, several stubs at once: `exists` of `//item[@id='N']`, one selector per stub,
 * which the route index keys by the attribute's values on the lite XML tree (a wrong key there would
 * answer from the wrong stub). Requests: folded names and values, nested and repeated elements, an
 * attribute on another element, and documents the lite reader leaves to xmldom (entities, prefixes).
 */
export const xpathAttributeCases: ExchangeCase[] = [
  {
    name: "exists of //item[@id='N'] routes among several stubs",
    imposter: {
      stubs: [item("a-1"), item("7"), { predicates: [], responses: [{ is: { body: "none" } }] }],
    },
    requests: [
      {
        ...xml('<order><items><item id="7"><sku>x</sku></item></items></order>'),
        expect: { body: "item 7" },
      },
      { ...xml('<Order><ITEM ID="A-1"/></Order>'), expect: { body: "item a-1" } },
      { ...xml('<a><item id="8"/><b><item id="7">t</item></b></a>'), expect: { body: "item 7" } },
      { ...xml('<a id="7"><item/></a>'), expect: { body: "none" } },
      { ...xml('<a><item id="7"/>&amp;</a>'), expect: { body: "item 7" } },
      { ...xml('<x:a xmlns:x="urn:x"><item id="a-1"/></x:a>'), expect: { body: "item a-1" } },
      { ...xml("item id=7"), expect: { body: "none" } },
    ],
  },
];
