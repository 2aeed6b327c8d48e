import { describe, expect, it } from "vitest";
import { candidatesOf, constraintsOf } from "../../test/compiler/index-probe.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { anyId } from "./constraints.ts";

const tenant = (text: string): Predicate => ({ contains: { headers: { "x-tenant": text } } });
const team = (text: string): Predicate => ({ contains: { headers: { "x-team": text } } });
const TENANT = "headersLiteral:ff:x-tenant";
const TEAM = "headersLiteral:ff:x-team";

describe("OR across dimensions: analysis", () => {
  it.each<[string, Predicate, Record<string, string[]>]>([
    ["two headers", { or: [tenant("t1;"), team("m1;")] }, { [anyId([TENANT, TEAM])]: [TENANT, TEAM] }],
    [
      "one header twice is a shared dimension",
      { or: [tenant("a"), tenant("b")] },
      { [TENANT]: ["contains:a", "contains:b"] },
    ],
    ["a branch without a constraint gives nothing", { or: [tenant("a"), { not: team("b") }] }, {}],
    [
      "a nested OR is flattened",
      { or: [tenant("a"), { or: [team("b"), { equals: { query: { q: "c" } } }] }] },
      { [anyId([TENANT, TEAM, "query:ff:q"])]: [TENANT, TEAM, "query:ff:q"] },
    ],
    [
      "a shared method is kept and the headers are ORed",
      {
        or: [
          { and: [{ equals: { method: "POST" } }, tenant("a")] },
          { and: [{ equals: { method: "POST" } }, team("b")] },
        ],
      },
      { "method:f": ["post"], [anyId([TENANT, TEAM])]: [TENANT, TEAM] },
    ],
    [
      "more than eight dimensions are left alone",
      { or: Array.from({ length: 9 }, (_, i) => ({ equals: { headers: { [`h${i}`]: "x" } } })) },
      {},
    ],
  ])("%s", (_name, predicate, expected) => {
    expect(constraintsOf([predicate])).toEqual(expected);
  });

  it("merges alternatives of one branch dimension", () => {
    const [any] = Object.values(constraintsOf([{ or: [tenant("a"), team("b"), tenant("c")] }]));
    expect(any).toEqual([TENANT, TEAM]);
  });
});

/** Issue 12's AND/OR shape (packages/core/bench/body-shapes.ts). */
const issue12 = (i: number): Predicate[] => [
  {
    and: [
      { equals: { method: "POST" } },
      { startsWith: { path: "/api/" } },
      { or: [tenant(`tenant-${i};`), team(`team-${i};`)] },
    ],
  },
];

describe("OR across dimensions: candidates", () => {
  const stubs = [0, 1, 2, 3].map(issue12);
  const post = (headers: Record<string, string | string[]>) => ({ method: "POST", path: "/api/o", headers });

  it.each<[string, Record<string, string | string[]>, number[]]>([
    ["the first branch", { "X-Tenant": "acme tenant-2; eu" }, [2]],
    ["the second branch", { "x-team": "team-3;" }, [3]],
    ["both branches, different stubs", { "x-tenant": "tenant-1;", "x-team": "team-0;" }, [0, 1]],
    ["a repeated header", { "x-team": ["x", "team-1;"] }, [1]],
    ["neither", { "x-tenant": "tenant-9;" }, []],
  ])("%s", (_name, headers, expected) => {
    expect(candidatesOf(stubs, post(headers))).toEqual(expected);
  });

  it("judges nothing when a branch dimension cannot read the request", () => {
    const bodyOr = (id: string, text: string): Predicate[] => [
      { or: [{ equals: { body: { id } } }, tenant(text)] },
    ];
    const mixed = [bodyOr("1", "a"), bodyOr("2", "b")];
    // A JSON array body is not modelled by the body-field dimension: every stub stays a candidate.
    expect(candidatesOf(mixed, { body: "[1]" })).toEqual([0, 1]);
    expect(candidatesOf(mixed, { body: '{"id":"2"}' })).toEqual([1]);
    expect(candidatesOf(mixed, { headers: { "x-tenant": "a" } })).toEqual([0]);
  });
});
