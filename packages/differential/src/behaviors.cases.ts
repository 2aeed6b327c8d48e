// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${TOKEN}" is Mountebank's copy/lookup token syntax, not a template.
import { fileURLToPath } from "node:url";
import { type CaseRequest, type ExchangeCase, get, json, post, xml } from "./case-types.ts";
import { regexCopyCases } from "./regex.cases.ts";

/** The same CSV files feed Mountebank (from disk) and our core (through EngineDeps.dataSource). */
export const PEOPLE_CSV = fileURLToPath(new URL("./fixtures/people.csv", import.meta.url));
export const CODES_CSV = fileURLToPath(new URL("./fixtures/codes.csv", import.meta.url));
export const BOM_CSV = fileURLToPath(new URL("./fixtures/bom.csv", import.meta.url));
export const RAGGED_CSV = fileURLToPath(new URL("./fixtures/ragged.csv", import.meta.url));
export const CRLF_CSV = fileURLToPath(new URL("./fixtures/crlf.csv", import.meta.url));

const one = (name: string, response: Record<string, unknown>, requests: CaseRequest[]): ExchangeCase => ({
  name,
  imposter: { stubs: [{ responses: [response] }] },
  requests,
});
const regex = (from: unknown, into: string, selector: string, options?: unknown) => ({
  copy: { from, into, using: { method: "regex", selector, ...(options ? { options } : {}) } },
});
const people = (into: string, key: unknown, extra: Record<string, unknown> = {}) => ({
  lookup: { key, fromDataSource: { csv: { path: PEOPLE_CSV, keyColumn: "id", ...extra } }, into },
});
const rowBody = "name=${row}[\"name\"] age=${row}['age'] city=${row}[city]";
const pathKey = { from: "path", using: { method: "regex", selector: "\\d+$" } };

/** wait, copy and lookup (reference §1.8); decorate and shellTransform need injection, see validation. */
export const behaviorCases: ExchangeCase[] = [
  one("wait delays the response", { is: { body: "late" }, behaviors: [{ wait: 60 }] }, [
    { ...get("/"), minElapsedMs: 50 },
  ]),
  one("wait 0", { is: { body: "now" }, behaviors: [{ wait: 0 }] }, [get("/")]),
  one(
    "copy regex from path into body",
    { is: { body: "id=${ID}" }, behaviors: [regex("path", "${ID}", "\\d+")] },
    [get("/users/123"), get("/users/none")],
  ),
  one(
    "copy regex groups by index",
    { is: { body: "all=${T} y=${T}[1] m=${T}[2]" }, behaviors: [regex("path", "${T}", "(\\d{4})-(\\d{2})")] },
    [get("/d/2024-05"), get("/d/x")],
  ),
  one(
    "copy replaces in header values and header names",
    {
      is: { headers: { "X-${H}": "v-${H}", "Set-Cookie": ["id=${H}", "x=1"] } },
      behaviors: [regex("path", "${H}", "\\w+$")],
    },
    [get("/a/token")],
  ),
  one(
    "copy from a query key",
    { is: { body: "hello ${NAME}" }, behaviors: [regex({ query: "name" }, "${NAME}", ".+")] },
    [get("/?name=Ann"), get("/?Name=Bo"), get("/?name=a&name=b")],
  ),
  one(
    "copy from a header, name case-insensitive",
    { is: { body: "agent=${A}" }, behaviors: [regex({ headers: "x-agent" }, "${A}", "^\\w+")] },
    [get("/", [["X-Agent", "curl/8"]])],
  ),
  one(
    "copy with no match leaves the token",
    { is: { body: "[${X}]" }, behaviors: [regex("path", "${X}", "\\d+")] },
    [get("/letters")],
  ),
  one(
    "copy from a missing field",
    { is: { body: "[${X}]" }, behaviors: [regex({ query: "absent" }, "${X}", "^.+$")] },
    [get("/?present=1")],
  ),
  one(
    "copy regex ignoreCase option",
    { is: { body: "${X}" }, behaviors: [regex("path", "${X}", "abc\\d", { ignoreCase: true })] },
    [get("/xABC1y"), get("/xabc1y")],
  ),
  one(
    "copy regex multiline option",
    { is: { body: "${X}" }, behaviors: [regex("body", "${X}", "^second.*$", { multiline: true })] },
    [post("/", "first line\nsecond line\nthird")],
  ),
  one("copy from the method", { is: { body: "m=${M}" }, behaviors: [regex("method", "${M}", ".+")] }, [
    { method: "DELETE", path: "/" },
  ]),
  one(
    "copy xpath values",
    {
      is: { body: "first=${B} second=${B}[1]" },
      behaviors: [{ copy: { from: "body", into: "${B}", using: { method: "xpath", selector: "//title" } } }],
    },
    [xml("<r><title>One</title><title>Two</title></r>"), xml("<r/>")],
  ),
  one(
    "copy xpath with a namespace",
    {
      is: { body: "${B}" },
      behaviors: [
        {
          copy: {
            from: "body",
            into: "${B}",
            using: { method: "xpath", selector: "//x:id", ns: { x: "urn:x" } },
          },
        },
      ],
    },
    [xml('<r xmlns:x="urn:x"><x:id>77</x:id><id>no</id></r>')],
  ),
  one(
    "copy xpath attribute",
    {
      is: { body: "${B}" },
      behaviors: [
        { copy: { from: "body", into: "${B}", using: { method: "xpath", selector: "//a/@href" } } },
      ],
    },
    [xml('<r><a href="/next">n</a></r>')],
  ),
  one(
    "copy jsonpath values",
    {
      is: { body: { ids: "${J}", second: "${J}[1]" } },
      behaviors: [
        { copy: { from: "body", into: "${J}", using: { method: "jsonpath", selector: "$.items[*].id" } } },
      ],
    },
    [json({ items: [{ id: "a" }, { id: 2 }] }), json({ items: [] })],
  ),
  one(
    "copy jsonpath from a query value",
    {
      is: { body: "${J}" },
      behaviors: [
        { copy: { from: { query: "q" }, into: "${J}", using: { method: "jsonpath", selector: "$.n" } } },
      ],
    },
    [get(`/?q=${encodeURIComponent('{"n":"nine"}')}`)],
  ),
  one(
    // The route memo keys these bodies by the value at the end of each copy's plain chain (workers/edge's
    // memo-responses.ts); each body follows one that shares that value, or differs from it only where a
    // chain's walk tells them apart: a name's case, duplicates, arrays, strings and objects on the way.
    "copy by plain jsonpath chains over bodies that differ in fields no chain reads",
    {
      is: { body: "id=${ID} sku=${SKU} first=${F} n=${N}", headers: { "X-Id": "${ID}" } },
      behaviors: [
        { copy: { from: "body", into: "${ID}", using: { method: "jsonpath", selector: "$.user.id" } } },
        { copy: { from: "BODY", into: "${SKU}", using: { method: "jsonpath", selector: "order.sku" } } },
        { copy: { from: "body", into: "${F}", using: { method: "jsonpath", selector: "$.items[0]" } } },
        { copy: { from: "body", into: "${N}", using: { method: "jsonpath", selector: "$.user.id.length" } } },
      ],
    },
    [
      json({ user: { id: "u-1", name: "Ann" }, order: { sku: "s-1", qty: 1 }, items: ["a", "b"], at: 1 }),
      json({ at: 2, items: ["a", "c"], order: { qty: 2, sku: "s-1" }, user: { name: "Bob", id: "u-1" } }),
      json({ user: { ID: "u-1" }, Order: { sku: "s-1" } }),
      json({ user: { id: 123 }, order: { sku: null }, items: { "0": "a" } }),
      json({ user: { id: { a: 1 } }, order: { sku: ["x", "y"] }, items: "abc" }),
      json({ user: { id: ["x", "y", "z"] }, order: "sku", items: [] }),
      json({ user: "u-1", order: { sku: 0 } }),
      post("/", '{"user":{"id":"u-9"},"user":{"id":"u-1"},"order":{"sku":"s-2"}}'),
      post("/", '{"user":{"id":"u-1"},"USER":{"id":"u-9"},"order":{"sku":"s-2"}}'),
      post("/", '{"user":{"id":"\\u0055-1"},"order":{"sku":"s-2"}}'),
      post("/", '{"__proto__":{"user":{"id":"u-1"}},"order":{"sku":"s-2"}}'),
      post("/", "not json"),
    ],
  ),
  one(
    "copy jsonpath selecting an object",
    {
      is: { body: "obj=${J}" },
      behaviors: [{ copy: { from: "body", into: "${J}", using: { method: "jsonpath", selector: "$.a" } } }],
    },
    [json({ a: { b: 1 } })],
  ),
  one(
    "copy xpath count() yields no values",
    {
      is: { body: "n=${X}" },
      behaviors: [
        { copy: { from: "body", into: "${X}", using: { method: "xpath", selector: "count(//i)" } } },
      ],
    },
    [xml("<r><i/><i/></r>")],
  ),
  one(
    "copy replaces every occurrence of a token with regex characters",
    { is: { body: "[[id]] and [[id]] (and [[id]][0])" }, behaviors: [regex("path", "[[id]]", "\\d+")] },
    [get("/n/31")],
  ),
  one(
    "copy into the status code",
    { is: { statusCode: "${CODE}", body: "status" }, behaviors: [regex("path", "${CODE}", "\\d{3}")] },
    [get("/status/404"), get("/status/201")],
  ),
  one(
    "copy into object keys and nested values",
    {
      is: { body: { "${K}": { inner: ["${K}", "x ${K} y"] }, plain: "${K}" } },
      behaviors: [regex("path", "${K}", "[a-z]+$")],
    },
    [get("/v1/alpha")],
  ),
  one(
    "copy then copy, in order",
    {
      is: { body: "${A}-${B}" },
      behaviors: [regex("path", "${A}", "^/\\w+"), regex({ query: "b" }, "${B}", "\\w+")],
    },
    [get("/left?b=right")],
  ),
  one(
    "copy keeps Content-Length in step",
    {
      is: { headers: { "Content-Length": 1 }, body: "value=${V}" },
      behaviors: [regex("path", "${V}", "[^/]+$")],
    },
    [get("/a/longer-value")],
  ),
  one(
    "lookup a CSV row by a key from the path",
    { is: { body: rowBody }, behaviors: [people("${row}", pathKey)] },
    [get("/people/2"), get("/people/3"), get("/people/42"), get("/people/9")],
  ),
  one(
    "lookup with a jsonpath key",
    {
      is: { body: rowBody },
      behaviors: [people("${row}", { from: "body", using: { method: "jsonpath", selector: "$.id" } })],
    },
    [json({ id: "1" }), json({ id: 1 })],
  ),
  one(
    "lookup with a key index",
    {
      is: { body: rowBody },
      behaviors: [
        people("${row}", { from: "path", using: { method: "regex", selector: "p(\\d+)" }, index: 1 }),
      ],
    },
    [get("/p42")],
  ),
  one(
    "lookup with a key index past the matches",
    {
      is: { body: rowBody },
      behaviors: [people("${row}", { from: "path", using: { method: "regex", selector: "\\d+" }, index: 3 })],
    },
    [get("/1")],
  ),
  one(
    "lookup in a CSV with CRLF line ends and quotes",
    {
      is: { body: "${p}[title]|${p}[sku]" },
      behaviors: [
        {
          lookup: {
            key: { from: { query: "sku" }, using: { method: "regex", selector: ".+" } },
            fromDataSource: { csv: { path: CRLF_CSV, keyColumn: "sku" } },
            into: "${p}",
          },
        },
      ],
    },
    [get("/?sku=K2"), get("/?sku=K1")],
  ),
  one(
    "two lookups into two tokens",
    {
      is: { body: "${a}[name] & ${b}[name]" },
      behaviors: [
        people("${a}", { from: { query: "x" }, using: { method: "regex", selector: ".+" } }),
        people("${b}", { from: { query: "y" }, using: { method: "regex", selector: ".+" } }),
      ],
    },
    [get("/?x=1&y=2")],
  ),
  one(
    "lookup in a CSV that starts with a byte order mark",
    { is: { body: rowBody }, behaviors: [people("${row}", pathKey, { path: BOM_CSV })] },
    [get("/people/1")],
  ),
  one(
    "lookup in a CSV with a short row",
    { is: { body: "${row}[name]" }, behaviors: [people("${row}", pathKey, { path: RAGGED_CSV })] },
    [get("/people/1"), get("/people/3")],
  ),
  one(
    "lookup with a delimiter",
    {
      is: { headers: { "X-Label": '${c}["label"]' }, body: "${c}[label]" },
      behaviors: [
        {
          lookup: {
            key: { from: { query: "code" }, using: { method: "regex", selector: ".+" } },
            fromDataSource: { csv: { path: CODES_CSV, keyColumn: "code", delimiter: ";" } },
            into: "${c}",
          },
        },
      ],
    },
    [get("/?code=B2"), get("/?code=b2")],
  ),
  one(
    "lookup with an unknown keyColumn",
    { is: { body: rowBody }, behaviors: [people("${row}", pathKey, { keyColumn: "nope" })] },
    [get("/people/1")],
  ),
  one(
    "lookup from a missing file",
    { is: { body: rowBody }, behaviors: [people("${row}", pathKey, { path: `${PEOPLE_CSV}.missing` })] },
    [get("/people/1")],
  ),
  one(
    "wait, copy and lookup together",
    {
      is: { body: "${P}: ${row}[name]" },
      behaviors: [{ wait: 20 }, regex("path", "${P}", "^/\\w+"), people("${row}", pathKey)],
    },
    [{ ...get("/who/1"), minElapsedMs: 15 }],
  ),
  one(
    "legacy _behaviors object",
    {
      is: { body: "x=${X}" },
      _behaviors: {
        wait: 10,
        copy: [{ from: "path", into: "${X}", using: { method: "regex", selector: "\\d+" } }],
      },
    },
    [{ ...get("/n/5"), minElapsedMs: 5 }],
  ),
  {
    name: "legacy _behaviors repeat",
    imposter: {
      stubs: [{ responses: [{ is: { body: "a" }, _behaviors: { repeat: 2 } }, { is: { body: "b" } }] }],
    },
    requests: [get("/"), get("/"), get("/"), get("/")],
  },
  {
    name: "behaviors run per cycled response",
    imposter: {
      stubs: [
        {
          responses: [
            { is: { body: "one ${N}" }, behaviors: [regex("path", "${N}", "\\d+")] },
            { is: { body: "two ${N}" } },
          ],
        },
      ],
    },
    requests: [get("/7"), get("/8"), get("/9")],
  },
  ...regexCopyCases,
];
