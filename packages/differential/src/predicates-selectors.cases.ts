import { type ExchangeCase, get, json, predicateCase as p, post, xml } from "./case-types.ts";

const books = {
  store: {
    items: [
      { id: 1, name: "Alpha", price: 5 },
      { id: 2, name: "Beta", price: 15 },
    ],
  },
};
const bookXml =
  '<books><book id="7"><title>Harry</title></book><book id="8"><title>Ron</title></book></books>';
const nsXml = '<root xmlns:bk="http://example.com/book"><bk:title>Dune</bk:title><title>plain</title></root>';

/** jsonpath and xpath selection, with their case rules and multi-value results. */
export const selectorCases: ExchangeCase[] = [
  p(
    "jsonpath selector is lower-cased with the body",
    [{ equals: { body: "bob" }, jsonpath: { selector: "$.Name" } }],
    [
      [json({ name: "Bob" }), true],
      [json({ name: "Rob" }), false],
    ],
  ),
  p(
    "jsonpath caseSensitive keeps selector case",
    [{ equals: { body: "bob" }, jsonpath: { selector: "$.Name" }, caseSensitive: true }],
    [
      [json({ Name: "bob" }), true],
      [json({ name: "bob" }), false],
      [json({ Name: "Bob" }), false],
      [json({ name: "Bob" }), false],
    ],
  ),
  p(
    "jsonpath several results: any matches",
    [{ equals: { body: "2" }, jsonpath: { selector: "$.store.items[*].id" } }],
    [
      [json(books), true],
      [json({ store: { items: [{ id: 3 }] } }), false],
    ],
  ),
  p(
    "jsonpath deepEquals against several results ignores order",
    [{ deepEquals: { body: ["2", "1"] }, jsonpath: { selector: "$.store.items[*].id" } }],
    [
      [json(books), true],
      [json({ store: { items: [{ id: 1 }] } }), false],
    ],
  ),
  p(
    "jsonpath index",
    [{ equals: { body: "beta" }, jsonpath: { selector: "$.store.items[1].name" } }],
    [
      [json(books), true],
      [json({ store: { items: [{ name: "beta" }] } }), false],
    ],
  ),
  p(
    "jsonpath recursive descent",
    [{ contains: { body: "alp" }, jsonpath: { selector: "$..name" } }],
    [
      [json(books), true],
      [json({ name: "gamma" }), false],
    ],
  ),
  p(
    "jsonpath filter expression",
    [{ equals: { body: "beta" }, jsonpath: { selector: "$.store.items[?(@.price > 10)].name" } }],
    [
      [json(books), true],
      [json({ store: { items: [{ price: 1, name: "beta" }] } }), false],
    ],
  ),
  p(
    "jsonpath number compared as a string",
    [{ equals: { body: 15 }, jsonpath: { selector: "$.n" } }],
    [
      [json({ n: 15 }), true],
      [json({ n: 16 }), false],
    ],
  ),
  p(
    "jsonpath with no result equals the empty string",
    [{ equals: { body: "" }, jsonpath: { selector: "$.missing" } }],
    [
      [json({ other: 1 }), true],
      [json({ missing: "x" }), false],
    ],
  ),
  p(
    "jsonpath on a body that is not JSON",
    [{ exists: { body: false }, jsonpath: { selector: "$.a" } }],
    [
      [post("/", "not json"), true],
      [json({ a: "x" }), false],
    ],
  ),
  p(
    "jsonpath applies to query values too",
    [{ equals: { query: { q: "x" } }, jsonpath: { selector: "$.a" } }],
    [
      [get(`/?q=${encodeURIComponent('{"a":"x"}')}`), true],
      [get("/?q=x"), false],
    ],
  ),
  p(
    "jsonpath with matches keeps the value's case",
    [{ matches: { body: "^B[a-z]+$" }, jsonpath: { selector: "$.Name" } }],
    [
      [json({ name: "Bob" }), true],
      [json({ name: "Rob" }), false],
    ],
  ),
  p(
    "jsonpath with except",
    [{ equals: { body: "abc" }, jsonpath: { selector: "$.id" }, except: "-" }],
    [
      [json({ id: "a-b-c" }), true],
      [json({ id: "a-b" }), false],
    ],
  ),
  p(
    "xpath text",
    [{ equals: { body: "harry" }, xpath: { selector: "//book/title" } }],
    [
      [xml(bookXml), true],
      [xml("<books><book><title>Ron</title></book></books>"), false],
    ],
  ),
  p(
    "xpath count()",
    [{ equals: { body: "2" }, xpath: { selector: "count(//book)" } }],
    [
      [xml(bookXml), true],
      [xml("<books><book/></books>"), false],
    ],
  ),
  p(
    "xpath boolean()",
    [{ equals: { body: "true" }, xpath: { selector: "boolean(//title)" } }],
    [
      [xml(bookXml), true],
      [xml("<books/>"), false],
    ],
  ),
  p(
    "xpath attribute",
    [{ equals: { body: "8" }, xpath: { selector: "//book/@id" } }],
    [
      [xml(bookXml), true],
      [xml('<books><book id="9"/></books>'), false],
    ],
  ),
  p(
    "xpath attribute-equality step (the lite reader's): exists, and the element's value",
    [{ exists: { body: true }, xpath: { selector: "//book[@id='8']" } }],
    [
      [xml(bookXml), true],
      [xml('<books><book id="9"><title>Ron</title></book></books>'), false],
      [xml("<books><book id='8'/></books>"), true],
      [post("/", "not xml at all"), false],
    ],
  ),
  p(
    "xpath attribute-equality step, then a child step",
    [{ equals: { body: "ron" }, xpath: { selector: '/books/book[@id="8"]/title' } }],
    [
      [xml(bookXml), true],
      [xml('<books><book id="7"><title>Ron</title></book></books>'), false],
      [xml('<Books><book id="8"><title>Ron</title></book></Books>'), true],
    ],
  ),
  p(
    "xpath with a namespace map",
    [{ equals: { body: "dune" }, xpath: { selector: "//bk:title", ns: { bk: "http://example.com/book" } } }],
    [
      [xml(nsXml), true],
      [xml('<root xmlns:bk="http://example.com/other"><bk:title>Dune</bk:title></root>'), false],
    ],
  ),
  p(
    "xpath selector is lower-cased with the body",
    [{ equals: { body: "x" }, xpath: { selector: "//Title" } }],
    [
      [xml("<TITLE>X</TITLE>"), true],
      [xml("<title>Y</title>"), false],
    ],
  ),
  p(
    "xpath caseSensitive keeps selector case",
    [{ equals: { body: "X" }, xpath: { selector: "//Title" }, caseSensitive: true }],
    [
      [xml("<Title>X</Title>"), true],
      [xml("<title>X</title>"), false],
    ],
  ),
  p(
    "xpath deepEquals against several nodes",
    [{ deepEquals: { body: ["ron", "harry"] }, xpath: { selector: "//title" } }],
    [
      [xml(bookXml), true],
      [xml("<b><title>Harry</title></b>"), false],
    ],
  ),
  p(
    "xpath exists on an empty element",
    [{ exists: { body: true }, xpath: { selector: "//a" } }],
    [
      [xml("<r><a></a></r>"), true],
      [xml("<r><b/></r>"), false],
    ],
  ),
  p(
    "xpath on a body that is not XML",
    [{ exists: { body: false }, xpath: { selector: "//a" } }],
    [
      [post("/", "plain text"), true],
      [xml("<a>1</a>"), false],
    ],
  ),
  p(
    "xpath with contains",
    [{ contains: { body: "arr" }, xpath: { selector: "//book[@id='7']/title" } }],
    [
      [xml(bookXml), true],
      [xml(bookXml.replace("Harry", "Hermione")), false],
    ],
  ),
  p(
    "xpath does not see elements in a default namespace",
    [{ exists: { body: true }, xpath: { selector: "//title" } }],
    [
      [xml('<r xmlns="urn:a"><title>x</title></r>'), false],
      [xml("<r><title>x</title></r>"), true],
    ],
  ),
  p(
    "xpath namespace URIs are lower-cased with the body",
    [{ equals: { body: "x" }, xpath: { selector: "//A:Title", ns: { a: "URN:Books" } } }],
    [
      [xml('<r xmlns:b="URN:BOOKS"><b:title>X</b:title></r>'), true],
      [xml('<r xmlns:b="urn:other"><b:title>X</b:title></r>'), false],
    ],
  ),
  p(
    "exists with a jsonpath",
    [{ exists: { body: true }, jsonpath: { selector: "$.a.b" } }],
    [
      [json({ a: { b: 0 } }), true],
      [json({ a: { c: 0 } }), false],
    ],
  ),
];
