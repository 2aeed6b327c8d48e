import type { Predicate } from "../src/schemas/predicate.ts";
import type { MbRequest } from "../src/schemas/request.ts";
import { andOrPredicates } from "./body-shapes.ts";

/**
 * The stub shapes the benchmark measures. Each builds the predicates of stub `i` of `n`, and the request
 * that stub (and only it) matches; `target` -1 asks for a request no stub matches.
 */
export interface Shape {
  readonly name: string;
  /** What the route index can do with it, for the report. */
  readonly indexedBy: string;
  stub(i: number): Predicate[];
  request(target: number): MbRequest;
}

const METHODS = ["GET", "POST", "PUT", "DELETE"] as const;

function request(fields: Partial<MbRequest>): MbRequest {
  return {
    requestFrom: "127.0.0.1:50000",
    method: "GET",
    path: "/",
    query: {},
    headers: { host: "localhost:2525", "user-agent": "bench", accept: "*/*" },
    body: "",
    ip: "127.0.0.1",
    ...fields,
  };
}

const id = (target: number): string => (target < 0 ? "none" : String(target));

/** A realistic JSON order body whose id field is `o-<target>`. */
const orderJson = (target: number): string =>
  JSON.stringify({
    order: {
      id: `o-${id(target)}`,
      customer: "c-17",
      lines: [
        { sku: "A-1", qty: 2 },
        { sku: "B-7", qty: 1 },
      ],
    },
    orderId: `o-${id(target)}`,
    channel: "web",
    notes: "leave at the door",
  });

const orderXml = (target: number): string =>
  `<order><id>o-${id(target)}</id><customer>c-17</customer><lines><line sku="A-1" qty="2"/>` +
  `<line sku="B-7" qty="1"/></lines><channel>web</channel></order>`;

export const SHAPES: readonly Shape[] = [
  {
    name: "exact path",
    indexedBy: "path map",
    stub: (i) => [{ equals: { path: `/api/v1/resources/${i}` } }],
    request: (t) => request({ path: `/api/v1/resources/${id(t)}` }),
  },
  {
    name: "method + path",
    indexedBy: "method map ∩ path map",
    stub: (i) => [{ equals: { method: METHODS[i % 4], path: `/api/v1/items/${i >> 2}` } }],
    request: (t) =>
      request({ method: METHODS[Math.max(t, 0) % 4], path: `/api/v1/items/${t < 0 ? "none" : t >> 2}` }),
  },
  {
    name: "regex path",
    indexedBy: "required literal → prefix trie",
    stub: (i) => [{ matches: { path: `^/users/${i}/orders/\\d+$` } }],
    request: (t) => request({ path: `/users/${id(t)}/orders/42` }),
  },
  {
    name: "regex path, alternation",
    indexedBy: "required literal → suffix trie",
    stub: (i) => [{ matches: { path: `^/(users|members)/${i}$` } }],
    request: (t) => request({ path: `/members/${id(t)}` }),
  },
  {
    name: "header routing",
    indexedBy: "header name → value map",
    stub: (i) => [{ equals: { headers: { "X-Tenant": `tenant-${i}` } } }],
    request: (t) => request({ headers: { ...request({}).headers, "x-tenant": `tenant-${id(t)}` } }),
  },
  {
    name: "query routing",
    indexedBy: "query key → value map",
    stub: (i) => [{ equals: { query: { customer: `c${i}` } } }],
    request: (t) => request({ path: "/customers", query: { customer: `c${id(t)}`, page: "2" } }),
  },
  {
    name: "JSON body equals",
    indexedBy: "body field → value map",
    stub: (i) => [{ equals: { body: { orderId: `o-${i}` } } }],
    request: (t) => request({ method: "POST", body: orderJson(t) }),
  },
  {
    name: "JSON body equals, nested",
    indexedBy: "nested body path → value map",
    stub: (i) => [{ equals: { method: "POST", body: { order: { id: `o-${i}` } } } }],
    request: (t) => request({ method: "POST", body: orderJson(t) }),
  },
  {
    name: "JSON body deepEquals",
    indexedBy: "forced body text → stub map",
    stub: (i) => [{ deepEquals: { body: { orderId: `o-${i}`, channel: "web" } } }],
    request: (t) =>
      request({ method: "POST", body: JSON.stringify({ channel: "web", orderId: `o-${id(t)}` }) }),
  },
  {
    name: "JSONPath",
    indexedBy: "selection per distinct selector → value map",
    stub: (i) => [{ equals: { body: `o-${i}` }, jsonpath: { selector: "$.order.id" } }],
    request: (t) => request({ method: "POST", body: orderJson(t) }),
  },
  {
    name: "XPath",
    indexedBy: "selection per distinct selector → value map",
    stub: (i) => [{ equals: { body: `o-${i}` }, xpath: { selector: "//order/id" } }],
    request: (t) => request({ method: "POST", body: orderXml(t) }),
  },
  {
    name: "AND/OR tree",
    indexedBy: "method ∩ OR-union of paths",
    stub: (i) => [
      {
        and: [
          { equals: { method: "POST" } },
          { or: [{ equals: { path: `/a/${i}` } }, { equals: { path: `/b/${i}` } }] },
          { not: { equals: { headers: { "x-blocked": "yes" } } } },
        ],
      },
    ],
    request: (t) => request({ method: "POST", path: `/b/${id(t)}` }),
  },
  {
    // Issue 12's AND/OR scenario (body-shapes.ts): method and prefix are shared, the OR tells stubs apart.
    name: "header contains, OR of two headers",
    indexedBy: "OR of two header-literal tries",
    stub: andOrPredicates,
    request: (t) =>
      request({
        method: "POST",
        path: "/api/orders",
        headers: { ...request({}).headers, "x-team": `acme team-${id(t)}; eu` },
      }),
  },
];
