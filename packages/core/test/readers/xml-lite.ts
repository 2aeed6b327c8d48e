import fc from "fast-check";
import { readLiteXml } from "../../src/readers/xml-lite.ts";
import { compileLiteXPath } from "../../src/readers/xpath-lite.ts";
import { compileXPath, parseXml, type XPathSelection } from "../../src/select/xpath.ts";

/** What the xmldom path gives, or the error it throws. */
export function viaXmldom(selector: string, ns: Record<string, string> | undefined, text: string): unknown {
  try {
    return compileXPath(selector, ns)(parseXml(text));
  } catch (error) {
    return { threw: String(error) };
  }
}

export function viaLite(selector: string, ns: Record<string, string> | undefined, text: string): unknown {
  const doc = readLiteXml(text);
  const select = compileLiteXPath(selector, ns);
  return doc === undefined || select === undefined ? "declined" : (select(doc) satisfies XPathSelection);
}

// Small vocabularies, so that generated selectors find generated elements. The lite reader must read
// every document built from the plain pieces; the others (entities, line endings xmldom rewrites,
// namespaces, comments, a mismatched end tag) it must leave to xmldom, or read exactly as xmldom does.
const PLAIN_VALUES = ["", "1", "v w", "a'b", 'q"', "é", "a/b", "\u0080"];
const PLAIN_TEXTS = ["", "t", "o-1", " ", "\n  ", "x>y", "Ünï", "undefined", '"q"'];
const OTHER_VALUES = ["a\tb", "x\ny", "<", "b>", "&amp;", "&#65;"];
const OTHER_TEXTS = ["&amp;", "&#65;", "\r\n", "\u2028", "<!-- c -->", "<![CDATA[x]]>", "<?p?>", "</a>"];
const name = fc.constantFrom("a", "b", "B", "id", "a", "b", "x.y", "a-b", "_c");
const space = fc.constantFrom("", " ", "\n", "\t ", "  ");

function documents(values: string[], texts: string[], names: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const attribute = fc
    .tuple(fc.constantFrom("k", "id", "B", "a"), fc.constantFrom(...values), fc.boolean())
    .map(([key, value, single]) =>
      single && !value.includes("'") ? ` ${key}='${value}'` : ` ${key}="${value.replaceAll('"', "")}"`,
    );
  const attributes = fc.uniqueArray(attribute, { maxLength: 2, selector: (a) => a.split("=")[0] });
  const element: fc.Arbitrary<string> = fc.letrec<{ el: string }>((tie) => ({
    el: fc.tuple(names, attributes, space).chain(([tag, attrs, pad]) =>
      fc.oneof(
        fc.constant(`<${tag}${attrs.join("")}${pad}/>`),
        fc
          .array(fc.oneof({ depthSize: "small" }, fc.constantFrom(...texts), tie("el")), { maxLength: 3 })
          .map((children) => `<${tag}${attrs.join("")}${pad}>${children.join("")}</${tag}>`),
      ),
    ),
  })).el;
  return fc.tuple(space, element, space).map(([before, root, after]) => before + root + after);
}

export const wellFormed = documents(PLAIN_VALUES, PLAIN_TEXTS, name);
const otherXml = documents(
  [...PLAIN_VALUES, ...OTHER_VALUES],
  [...PLAIN_TEXTS, ...OTHER_TEXTS],
  fc.oneof(name, fc.constantFrom("p:a", "xmlns")),
);
/** Documents with a few characters changed, to probe where the reader must decline. */
const mangled = fc
  .tuple(
    fc.oneof(wellFormed, otherXml),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom("", "<", ">", "/", '"', "&", "\r", " ", "a", "A"))),
  )
  .map(([doc, edits]) =>
    edits.reduce((acc, [at, insert]) => {
      const i = at % (acc.length + 1);
      return acc.slice(0, i) + insert + acc.slice(i + (insert === "" ? 1 : 0));
    }, doc),
  );
const noise = fc.string({ unit: fc.constantFrom(..."<>/=\"' aAb\n&!?-:"), maxLength: 20 });
export const anyText = fc.oneof(
  wellFormed,
  otherXml,
  mangled,
  noise,
  fc.string({ unit: "binary", maxLength: 12 }),
);

const separator = fc.constantFrom("/", "//");
/** Element steps, some with attribute predicates whose literals are the documents' own values. */
const attributeTest = fc
  .tuple(fc.constantFrom("k", "id", "B"), fc.constantFrom(...PLAIN_VALUES), fc.constantFrom("", " "))
  .map(([key, value, pad]) =>
    value.includes("'") ? `[@${key}${pad}=${pad}"${value}"]` : `[${pad}@${key}='${value}'${pad}]`,
  );
const step = fc
  .tuple(fc.constantFrom("a", "b", "B", "id", "_c", "*", "*"), fc.array(attributeTest, { maxLength: 2 }))
  .map(([name, tests]) => name + tests.join(""));
export const plainSelector = fc
  .tuple(
    fc.constantFrom("", "/", "//", "//"),
    step,
    fc.array(fc.tuple(separator, step), { maxLength: 2 }),
    fc.option(fc.tuple(separator, fc.constantFrom("k", "id", "B", "a"))),
  )
  .map(
    ([lead, first, rest, attr]) =>
      lead + first + rest.map(([sep, s]) => sep + s).join("") + (attr ? `${attr[0]}@${attr[1]}` : ""),
  );
export const anySelector = fc.oneof(
  plainSelector,
  fc.string({ unit: fc.constantFrom(..."/@*ab()[]:. "), maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(..."/@*a[]='\"1 "), maxLength: 12 }),
);
export const ns = fc.constantFrom<Record<string, string> | undefined>(
  undefined,
  undefined,
  { p: "urn:p" },
  { "": "urn:d" },
);
