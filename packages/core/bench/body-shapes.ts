import type { Imposter } from "../src/schemas/imposter.ts";
import type { Predicate } from "../src/schemas/predicate.ts";
import type { RawHttpRequest } from "../src/schemas/request.ts";

/**
 * A body scenario as the platform serves it: the imposter, and the raw request the edge hands the core.
 * bench:platform loads the same ones (infra/bench/issue12-scenarios.ts), on these ports.
 */
export interface BodyShape {
  name: string;
  imposter: Imposter;
  raw: RawHttpRequest;
  /** What the matched stub answers, so a wrong match cannot pass for a fast one. */
  answer: string;
}

const N = 50;
const MIDDLE = 24;
const stubs = (make: (i: number) => Imposter["stubs"][number]) =>
  Array.from({ length: N }, (_, i) => make(i));
const is = (body: string) => [{ is: { statusCode: 200, body } }];

/** The headers wrk and workerd send with a body, as the edge passes them (lower-case names). */
function raw(url: string, body: string, type: string, extra: Array<[string, string]> = []): RawHttpRequest {
  const headers: Array<[string, string]> = [
    ["host", "127.0.0.1:2525"],
    ["content-length", String(body.length)],
    ["content-type", type],
    ...extra,
  ];
  return { method: "POST", url, headers, body: new TextEncoder().encode(body) };
}

/** Issue 12's AND/OR stub `i`: method and path prefix shared by all, an OR of two header `contains`. */
export const andOrPredicates = (i: number): Predicate[] => [
  {
    and: [
      { equals: { method: "POST" } },
      { startsWith: { path: "/api/" } },
      {
        or: [
          { contains: { headers: { "x-tenant": `tenant-${i};` } } },
          { contains: { headers: { "x-team": `team-${i};` } } },
        ],
      },
    ],
  },
];

/** Issue 12's body shapes (Rift's benchmark), 50 stubs each, the 25th matching. */
export const BODY_SHAPES: readonly BodyShape[] = [
  {
    name: "JSONPath $.user.id equals",
    imposter: {
      protocol: "http",
      port: 4701,
      stubs: stubs((i) => ({
        predicates: [{ equals: { body: `u-${i}` }, jsonpath: { selector: "$.user.id" } }],
        responses: is(`user ${i}`),
      })),
    },
    raw: raw(
      "/users",
      JSON.stringify({ user: { id: `u-${MIDDLE}`, name: "Ann", roles: ["a", "b"] } }),
      "application/json",
    ),
    answer: `user ${MIDDLE}`,
  },
  {
    name: "JSON body equals (method, path, object)",
    imposter: {
      protocol: "http",
      port: 4702,
      stubs: stubs((i) => ({
        predicates: [{ equals: { method: "POST", path: "/users", body: { user: { id: `u-${i}` } } } }],
        responses: is(`user ${i}`),
      })),
    },
    raw: raw("/users", JSON.stringify({ user: { id: `u-${MIDDLE}`, name: "Ann" } }), "application/json"),
    answer: `user ${MIDDLE}`,
  },
  {
    name: "AND of method, path prefix, OR of header contains",
    imposter: {
      protocol: "http",
      port: 4703,
      stubs: stubs((i) => ({ predicates: andOrPredicates(i), responses: is(`tenant ${i}`) })),
    },
    raw: raw("/api/orders", '{"order":7}', "application/json", [["x-tenant", `acme tenant-${MIDDLE}; eu`]]),
    answer: `tenant ${MIDDLE}`,
  },
  {
    name: "XPath //item[@id='N'] exists",
    imposter: {
      protocol: "http",
      port: 4704,
      stubs: stubs((i) => ({
        predicates: [{ exists: { body: true }, xpath: { selector: `//item[@id='${i}']` } }],
        responses: is(`item ${i}`),
      })),
    },
    raw: raw(
      "/orders",
      `<order><customer>c-17</customer><items><item id="${MIDDLE}"><sku>A-1</sku><qty>2</qty></item></items></order>`,
      "application/xml",
    ),
    answer: `item ${MIDDLE}`,
  },
];
