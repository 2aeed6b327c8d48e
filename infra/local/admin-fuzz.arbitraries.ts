// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${P}" is a Mountebank token, literal here.
import fc from "fast-check";

/**
 * Generators for the admin API fuzz test (admin-fuzz.test.ts): requests on every admin route whose body
 * is a valid definition with one part broken (a wrong type, a huge string, a prototype-pollution key,
 * a value deleted), then possibly truncated. Each run starts from valid shapes so that validation
 * gets deep before it refuses, where a crash would hide.
 */

/** Own `__proto__`, `constructor` and `prototype` keys, as JSON.parse makes them (an object literal cannot). */
export const POLLUTION: unknown = JSON.parse(
  '{"__proto__":{"polluted":true,"statusCode":500,"stubs":[]},' +
    '"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}',
);

const stub = (path: string) => ({
  predicates: [
    { equals: { path, body: { x: 1 } } },
    { and: [{ matches: { path: "^/b" } }, { not: { exists: { query: { q: true } } } }] },
  ],
  responses: [
    { is: { statusCode: 201, headers: { "x-a": "1" }, body: { ok: [true, null] } } },
    {
      is: { body: "b" },
      repeat: 2,
      _behaviors: { copy: [{ from: "path", into: "${P}", using: { method: "regex", selector: "\\w+" } }] },
    },
    { fault: "CONNECTION_RESET_BY_PEER" },
  ],
});

const imposter = (port: number) => ({
  protocol: "http",
  port,
  recordRequests: true,
  defaultResponse: { statusCode: 404, body: "none" },
  stubs: [stub("/a"), stub("/c")],
});

/** Ports and stub indexes that exist (the likeliest), do not, or are not numbers at all. */
const ids = [
  "4545",
  "4546",
  "4547",
  "abc",
  "__proto__",
  "constructor",
  "prototype",
  "-1",
  "0",
  "99999",
  "4545.0",
];
const indexes = ["0", "1", "2", "-1", "00", "1.5", "__proto__", "constructor", "99999999999999999999"];

interface Route {
  readonly method: string;
  readonly path: string;
  /** The valid body the route takes, from which each run's body is broken. */
  readonly body?: (port: number) => unknown;
}

const ROUTES: readonly Route[] = [
  { method: "POST", path: "/imposters", body: imposter },
  {
    method: "PUT",
    path: "/imposters",
    body: (port) => ({ imposters: [imposter(port), imposter(port + 1)] }),
  },
  { method: "GET", path: "/imposters?replayable=true&removeProxies=true" },
  { method: "DELETE", path: "/imposters?replayable=nope" },
  { method: "GET", path: "/imposters/:id" },
  { method: "DELETE", path: "/imposters/:id" },
  { method: "PUT", path: "/imposters/:id/stubs", body: () => ({ stubs: [stub("/d")] }) },
  { method: "POST", path: "/imposters/:id/stubs", body: () => ({ index: 0, stub: stub("/e") }) },
  { method: "PUT", path: "/imposters/:id/stubs/:i", body: () => stub("/f") },
  { method: "DELETE", path: "/imposters/:id/stubs/:i" },
  { method: "DELETE", path: "/imposters/:id/savedProxyResponses" },
  { method: "DELETE", path: "/imposters/:id/savedRequests" },
  { method: "GET", path: "/config" },
  { method: "GET", path: "/logs?startIndex=-5&endIndex=abc" },
];

/** Stands for a value nested 100,000 levels deep, which JSON.stringify could not write: put in as text. */
const DEEP = "\u0000deep";
const DEEP_TEXT = "[".repeat(100_000) + "]".repeat(100_000);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(null, -1, 0, 1.5, 1e308, "", "0x50", true, [], {}, [null], POLLUTION),
    weight: 4,
  },
  { arbitrary: fc.constantFrom(100_000, 3_000_000).map((n) => "x".repeat(n)), weight: 1 },
  { arbitrary: fc.constant(DEEP), weight: 1 },
);

/** Every path to a value inside `value`, parents before children. */
function pathsIn(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [
    prefix,
    ...keys.flatMap((key) => pathsIn((value as Record<string, unknown>)[key], [...prefix, key])),
  ];
}

type Edit = "set" | "delete" | "pollute";

/** A copy of `body` with the value at `path` replaced, removed, or given the pollution keys beside it. */
function edit(body: unknown, path: (string | number)[], kind: Edit, value: unknown): unknown {
  const copy = structuredClone(body);
  if (path.length === 0) return kind === "set" ? value : copy;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const key = path[path.length - 1] as string;
  if (kind === "set") parent[key] = value;
  else if (kind === "delete") delete parent[key];
  else Object.assign(parent, POLLUTION);
  return copy;
}

export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
}

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    id: fc.constantFrom(...ids),
    index: fc.constantFrom(...indexes),
    port: fc.integer({ min: 4545, max: 4550 }),
    at: fc.nat(),
    kind: fc.constantFrom<Edit>("set", "set", "delete", "pollute"),
    value: hostileValue,
    cut: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.nat(), weight: 1 }),
  })
  .map(({ route, id, index, port, at, kind, value, cut }) => {
    const path = route.path.replace(":id", id).replace(":i", index);
    if (route.body === undefined) return { method: route.method, path };
    const valid = route.body(port);
    const paths = pathsIn(valid);
    let text = JSON.stringify(edit(valid, paths[at % paths.length] ?? [], kind, value)) ?? "";
    text = text.replace(JSON.stringify(DEEP), DEEP_TEXT);
    if (cut !== null) text = text.slice(0, cut % (text.length + 1));
    return { method: route.method, path, body: text };
  });
