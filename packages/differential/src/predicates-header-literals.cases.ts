import { type CaseRequest, type ExchangeCase, get, post } from "./case-types.ts";

/**
 * Header and query `contains`/`startsWith`/`endsWith`, alone and under `or`, over several stubs: the
 * shapes the core's route index keys since issue 12 (header literals, OR across headers). Each stub
 * answers its own number, so a stub wrongly skipped or wrongly kept shows as a different body.
 */
function numbered(name: string, stubs: unknown[][], requests: Array<[CaseRequest, string]>): ExchangeCase {
  return {
    name,
    imposter: {
      stubs: stubs.map((predicates, i) => ({ predicates, responses: [{ is: { body: `stub ${i}` } }] })),
    },
    requests: requests.map(([req, body]) => ({ ...req, expect: { body } })),
  };
}

const tenantOrTeam = (i: number): unknown[] => [
  {
    and: [
      { equals: { method: "POST" } },
      { startsWith: { path: "/api/" } },
      {
        or: [
          { contains: { headers: { "X-Tenant": `tenant-${i};` } } },
          { contains: { headers: { "x-team": `team-${i};` } } },
        ],
      },
    ],
  },
];

export const headerLiteralCases: ExchangeCase[] = [
  numbered(
    "OR of header contains across two headers (issue 12's AND/OR shape)",
    [0, 1, 2, 3].map(tenantOrTeam),
    [
      [post("/api/orders", "{}", [["x-tenant", "acme Tenant-2; eu"]]), "stub 2"],
      [post("/api/orders", "{}", [["X-TEAM", "TEAM-3;"]]), "stub 3"],
      [
        post("/api/orders", "{}", [
          ["x-tenant", "tenant-3;"],
          ["x-team", "team-1;"],
        ]),
        "stub 1",
      ],
      [
        post("/api/orders", "{}", [
          ["x-team", "a"],
          ["x-team", "team-0;"],
        ]),
        "stub 0",
      ],
      [post("/api/orders", "{}", [["x-tenant", "tenant-12;"]]), ""],
      [get("/api/orders", [["x-tenant", "tenant-1;"]]), ""],
    ],
  ),
  numbered(
    "header startsWith and endsWith, case-sensitive and not",
    [
      // Lower-case names: workerd lower-cases them, so a case-sensitive upper-case name never holds there.
      [{ startsWith: { headers: { "x-env": "Prod" } }, caseSensitive: true }],
      [{ endsWith: { headers: { "x-env": "-EU" } } }],
      [
        {
          or: [{ startsWith: { headers: { "x-env": "dev" } } }, { endsWith: { query: { region: "west" } } }],
        },
      ],
    ],
    [
      [get("/", [["x-env", "Prod-eu"]]), "stub 0"],
      [get("/", [["X-Env", "prod-eu"]]), "stub 1"],
      [get("/?region=us-West"), "stub 2"],
      [get("/", [["X-Env", "DEV-us"]]), "stub 2"],
      [get("/", [["X-Env", "staging"]]), ""],
    ],
  ),
  numbered(
    "query contains with a number and endsWith with a number (searched as contains)",
    [
      [{ contains: { query: { page: 1 } } }],
      [{ or: [{ endsWith: { headers: { "x-v": 2 } } }, { equals: { path: "/x" } }] }],
    ],
    [
      [get("/?page=10"), "stub 0"],
      [get("/?page=9", [["x-v", "v2.0"]]), "stub 1"],
      [get("/x?page=3"), "stub 1"],
      [get("/?page=3", [["x-v", "3"]]), ""],
    ],
  ),
];
