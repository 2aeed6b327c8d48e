import type { WireRequest } from "@mockctl/differential";

/** A proxy case: the imposter's stubs given the origin's URL, and the requests sent in order. */
export interface ProxyCase {
  name: string;
  stubs: (origin: string) => unknown[];
  requests: WireRequest[];
}

const get = (path: string): WireRequest => ({ method: "GET", path });
const post = (path: string, body: string, type: string): WireRequest => ({
  method: "POST",
  path,
  body,
  headers: [["Content-Type", type]],
});
const proxy = (fields: Record<string, unknown>) => (origin: string) => [
  { responses: [{ proxy: { to: origin, ...fields } }] },
];
const byPath = [{ matches: { path: true } }];

export const proxyCases: ProxyCase[] = [
  { name: "proxyOnce without generators", stubs: proxy({}), requests: [get("/a"), get("/a"), get("/b")] },
  {
    name: "proxyOnce by path",
    stubs: proxy({ mode: "proxyOnce", predicateGenerators: byPath }),
    requests: [get("/a"), get("/b"), get("/a"), get("/b")],
  },
  {
    name: "proxyAlways by path",
    stubs: proxy({ mode: "proxyAlways", predicateGenerators: byPath }),
    requests: [get("/a"), get("/a"), get("/b"), get("/a")],
  },
  { name: "proxyTransparent", stubs: proxy({ mode: "proxyTransparent" }), requests: [get("/a"), get("/a")] },
  {
    name: "an unknown mode is proxyOnce",
    stubs: proxy({ mode: "sometimes" }),
    requests: [get("/a"), get("/c")],
  },
  {
    name: "generator: nested query key",
    stubs: proxy({ predicateGenerators: [{ matches: { query: { q: true } } }] }),
    requests: [get("/?q=1&r=2"), get("/?q=1&r=3"), get("/?q=2")],
  },
  {
    name: "generator: method and path, caseSensitive",
    stubs: proxy({ predicateGenerators: [{ matches: { method: true, path: true }, caseSensitive: true }] }),
    requests: [get("/Abc"), get("/abc"), get("/Abc")],
  },
  {
    name: "generator: except",
    stubs: proxy({ predicateGenerators: [{ matches: { path: true }, except: "\\d+" }] }),
    requests: [get("/item1"), get("/item2"), get("/item")],
  },
  {
    name: "generator: jsonpath",
    stubs: proxy({ predicateGenerators: [{ matches: { body: true }, jsonpath: { selector: "$.id" } }] }),
    requests: [
      post("/", '{"id":1,"x":"a"}', "application/json"),
      post("/", '{"id":1,"x":"b"}', "application/json"),
      post("/", '{"id":2}', "application/json"),
    ],
  },
  {
    name: "generator: xpath",
    stubs: proxy({ predicateGenerators: [{ matches: { body: true }, xpath: { selector: "//id" } }] }),
    requests: [
      post("/", "<r><id>1</id><x>a</x></r>", "application/xml"),
      post("/", "<r><id>1</id><x>b</x></r>", "application/xml"),
      post("/", "<r><id>2</id></r>", "application/xml"),
    ],
  },
  {
    name: "generator: ignore",
    stubs: proxy({ predicateGenerators: [{ matches: { query: true }, ignore: { query: "ts" } }] }),
    requests: [get("/?a=1&ts=5"), get("/?a=1&ts=6"), get("/?a=2&ts=5")],
  },
  {
    name: "binary body",
    stubs: proxy({ predicateGenerators: byPath }),
    requests: [get("/bin"), get("/bin")],
  },
  {
    name: "JSON body",
    stubs: proxy({ predicateGenerators: byPath }),
    requests: [get("/json"), get("/json")],
  },
  {
    name: "an origin's 404",
    stubs: proxy({ predicateGenerators: byPath }),
    requests: [get("/missing"), get("/missing")],
  },
  {
    name: "a query key without = is forwarded as sent",
    stubs: proxy({ mode: "proxyTransparent" }),
    requests: [get("/a?flag&b=1")],
  },
  {
    name: "a body is forwarded with a length, never chunked",
    stubs: proxy({ mode: "proxyTransparent" }),
    requests: [post("/p", "hello", "text/plain")],
  },
  {
    name: "injectHeaders",
    stubs: proxy({ mode: "proxyTransparent", injectHeaders: { "X-Injected": "yes" } }),
    requests: [get("/a")],
  },
  {
    // Sent on a socket of its own here (fetch would replace the Host): answers and records must not change.
    name: "injectHeaders with a Host: bodies, JSON, binary and an error status, recorded",
    stubs: proxy({
      predicateGenerators: byPath,
      injectHeaders: { Host: "named.example", "X-Injected": "yes" },
    }),
    requests: [post("/p", "hello", "text/plain"), get("/json"), get("/bin"), get("/missing"), get("/json")],
  },
  {
    name: "a body sent without a type is forwarded without one",
    stubs: proxy({ mode: "proxyTransparent" }),
    requests: [{ method: "POST", path: "/p", body: "hello" }],
  },
  {
    // The client's dummy credentials give way to the real ones, whatever the case of either name.
    name: "injectHeaders replace a client's header named in another case",
    stubs: proxy({ mode: "proxyTransparent", injectHeaders: { Authorization: "Bearer real" } }),
    requests: [{ method: "GET", path: "/a", headers: [["authorization", "Bearer dummy"]] }],
  },
  {
    name: "generator: a header named as mb's docs name it",
    stubs: proxy({ predicateGenerators: [{ matches: { headers: { "X-Tenant": true } } }] }),
    requests: ["acme", "other", "acme"].map((tenant) => ({
      method: "GET",
      path: "/t",
      headers: [["X-Tenant", tenant]] as Array<[string, string]>,
    })),
  },
  {
    name: "generator: a header by name, caseSensitive",
    stubs: proxy({
      predicateGenerators: [{ matches: { headers: { "X-Tenant": true } }, caseSensitive: true }],
    }),
    requests: ["acme", "other", "acme", "other"].map((tenant) => ({
      method: "GET",
      path: "/t",
      headers: [["X-Tenant", tenant]] as Array<[string, string]>,
    })),
  },
  {
    // Requests answered by saved stubs between two recordings are counted too.
    name: "counts replays and recordings alike",
    stubs: proxy({ predicateGenerators: byPath }),
    requests: [get("/a"), get("/a"), get("/a"), get("/b"), get("/a"), get("/c")],
  },
  {
    name: "addWaitBehavior",
    stubs: proxy({ predicateGenerators: byPath, addWaitBehavior: true }),
    requests: [get("/a"), get("/a")],
  },
  {
    name: "a stub in front keeps answering",
    stubs: (origin) => [
      { predicates: [{ equals: { path: "/fixed" } }], responses: [{ is: { body: "fixed" } }] },
      ...proxy({ predicateGenerators: byPath })(origin),
    ],
    requests: [get("/fixed"), get("/a"), get("/a")],
  },
];
