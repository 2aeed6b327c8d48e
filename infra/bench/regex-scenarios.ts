import type { Scenario } from "./scenarios.ts";

/** Stubs per regex imposter, as the load tests' `regex-paths` fixture has. */
const REGEX_STUBS = 100;
const LAST = REGEX_STUBS - 1;

/**
 * A stub on the client's address after the matching one: never reached, but the route memo
 * (workers/edge/src/route-memo.ts) keys by the request line, named headers and body only, so it keeps the
 * imposter off the memo and its patterns run on every request, not once.
 */
const OFF_THE_MEMO = {
  predicates: [{ equals: { requestFrom: "nobody" } }],
  responses: [{ is: { body: "never" } }],
};

/** The regex-heavy scenarios (issue 15): every request runs user patterns, so a slower regex engine shows here. */
export const REGEX_SCENARIOS: Scenario[] = [
  {
    id: "regex-last",
    title: `imposter, last of ${REGEX_STUBS} \`matches\` path stubs (with a header regex)`,
    path: `/i/4552/catalog/p${LAST}/items/widget-42`,
    bodies: ["hello"],
    target: false,
    headers: { "x-bench": "1" },
    imposter: {
      protocol: "http",
      port: 4552,
      stubs: [
        ...Array.from({ length: REGEX_STUBS }, (_, i) => ({
          predicates: [
            { matches: { path: `^/catalog/p${i}/items/[a-z]+-\\d+$`, headers: { "x-bench": "^\\d$" } } },
          ],
          responses: [{ is: { body: i === LAST ? "hello" : `regex ${i}` } }],
        })),
        OFF_THE_MEMO,
      ],
    },
  },
  {
    id: "matches-body",
    title: `imposter, last of ${REGEX_STUBS} \`matches\` body stubs (JSON text, unanchored)`,
    path: "/i/4553/orders",
    bodies: ["hello"],
    target: false,
    body: JSON.stringify({ order: { id: 7, sku: `sku-${LAST}`, quantity: 3 } }),
    imposter: {
      protocol: "http",
      port: 4553,
      stubs: [
        ...Array.from({ length: REGEX_STUBS }, (_, i) => ({
          predicates: [{ matches: { body: `"sku":\\s*"sku-${i}"` } }],
          responses: [{ is: { body: i === LAST ? "hello" : `body ${i}` } }],
        })),
        OFF_THE_MEMO,
      ],
    },
  },
];
