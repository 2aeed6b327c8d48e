import { BODY_SHAPES } from "@mockctl/core/bench/body-shapes";
import type { BenchRequest, Scenario } from "./scenarios.ts";

const ID: Record<string, string> = {
  "JSONPath $.user.id equals": "issue12-jsonpath",
  "JSON body equals (method, path, object)": "issue12-json-equals",
  "AND of method, path prefix, OR of header contains": "issue12-and-or",
  "XPath //item[@id='N'] exists": "issue12-xpath",
};

/**
 * Issue 12's body shapes (Rift's benchmark: 50 stubs, the 25th matching), the very imposters and requests
 * bench:core's body path measures (packages/core/bench/body-shapes.ts), read against the POST floor.
 */
export const ISSUE12_SCENARIOS: Scenario[] = BODY_SHAPES.map((shape) => {
  const headers = Object.fromEntries(
    shape.raw.headers.filter(([name]) => name !== "host" && name !== "content-length"),
  );
  const body = new TextDecoder().decode(shape.raw.body as Uint8Array);
  return {
    id: ID[shape.name] ?? shape.name,
    title: `issue 12: ${shape.name}, 50 stubs, the 25th matching`,
    path: `/i/${shape.imposter.port}${shape.raw.url}`,
    bodies: [],
    target: true,
    requests: [
      {
        method: "POST",
        path: `/i/${shape.imposter.port}${shape.raw.url}`,
        headers,
        body,
        expect: { status: 200, body: shape.answer },
      },
    ],
    floor: "floor-post",
    imposter: { ...shape.imposter },
  };
});

/**
 * Bodies in one rotation. The edge remembers at most 1,024 answers per imposter (route-memo.ts), filled
 * while the rotation is checked, so at least 15 of every 16 requests in a run miss the memo.
 */
export const FRESH_BODIES = 16_384;

function shapeNamed(name: string) {
  const shape = BODY_SHAPES.find((one) => one.name === name);
  if (shape === undefined) throw new Error(`bench:core lost issue 12's ${name} shape`);
  return shape;
}
const equals = shapeNamed("JSON body equals (method, path, object)");
const jsonpath = shapeNamed("JSONPath $.user.id equals");

/** An imposter (a shape's) on its own port, sent FRESH_BODIES bodies in turn, each expecting one answer. */
function freshScenario(
  { imposter }: { imposter: Record<string, unknown> },
  fields: Pick<Scenario, "id" | "title">,
  port: number,
  bodyOf: (padded: string) => unknown,
  answer: string,
): Scenario {
  const path = `/i/${port}/users`;
  return {
    ...fields,
    path,
    bodies: [],
    target: true,
    requests: Array.from(
      { length: FRESH_BODIES },
      (_, i): BenchRequest => ({
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(bodyOf(String(i).padStart(5, "0"))),
        expect: { status: 200, body: answer },
      }),
    ),
    floor: "floor-post",
    imposter: { ...imposter, port },
  };
}

const distinct = `${FRESH_BODIES.toLocaleString("en")} distinct`;

/**
 * Issue 12's JSON equals with a body the edge has not seen on almost every request (a name counting up,
 * padded, so the bodies have one length, three characters over the repeated one). No stub reads the name:
 * since the memo keys a JSON body by the fields its stubs read (workers/edge's body-projection.ts), these
 * share one remembered answer, each body parsed to find its fields. Before that, every one was a miss.
 */
export const FRESH_BODY_SCENARIO = freshScenario(
  equals,
  {
    id: "issue12-json-equals-fresh",
    title: `issue 12: JSON body equals, 50 stubs, the 25th matching, ${distinct} bodies in turn, differing in a field no stub reads`,
  },
  4705,
  (n) => ({ user: { id: "u-24", name: `A${n}` } }),
  equals.answer,
);

/**
 * The memo's misses that match nothing: issue 12's JSON equals sent a user id no stub names (counting up),
 * so the fields the stubs read differ on every request. The route index finds no stub for the id, and mb's
 * default answer, an empty 200, is every answer.
 */
export const FRESH_ID_SCENARIO = freshScenario(
  equals,
  {
    id: "issue12-json-equals-fresh-ids",
    title: `issue 12: JSON body equals, 50 stubs, ${distinct} user ids in turn, none a stub's (the memo's misses, no match)`,
  },
  4706,
  (n) => ({ user: { id: `x-${n}`, name: "Ann" } }),
  "",
);

/**
 * Issue 12's JSONPath sent bodies with a name counting up. Until the memo read a plain chain's field alone
 * (body-fields.ts), its selector keyed the whole body, and every one of these was a miss that matched the
 * 25th stub (BODY-PROFILE.md, section 32); now they share one answer, as the JSON equals bodies above do.
 */
export const FRESH_JSONPATH_SCENARIO = freshScenario(
  jsonpath,
  {
    id: "issue12-jsonpath-fresh",
    title: `issue 12: JSONPath $.user.id equals, 50 stubs, the 25th matching, ${distinct} bodies in turn, differing in a field the selector does not read`,
  },
  4707,
  (n) => ({ user: { id: "u-24", name: `A${n}` } }),
  jsonpath.answer,
);

const copyId = {
  copy: { from: "body", into: "$ID", using: { method: "jsonpath", selector: "$.user.id" } },
};

/**
 * The JSONPath bodies above, answered by a copy of the field the stubs select. Until the memo read a copy's
 * plain chain alone (workers/edge's memo-responses.ts), a copy from the body keyed the whole body, and every
 * one of these was a miss that matched the 25th stub and ran its copy; now they share one answer.
 */
export const FRESH_COPY_SCENARIO = freshScenario(
  {
    imposter: {
      protocol: "http",
      stubs: Array.from({ length: 50 }, (_, i) => ({
        predicates: [{ equals: { body: `u-${i}` }, jsonpath: { selector: "$.user.id" } }],
        responses: [{ is: { body: "user $ID" }, behaviors: [copyId] }],
      })),
    },
  },
  {
    id: "issue12-copy-fresh",
    title: `issue 12: JSONPath $.user.id equals, answered by a copy of it, 50 stubs, the 25th matching, ${distinct} bodies in turn, differing in a field neither reads`,
  },
  4708,
  (n) => ({ user: { id: "u-24", name: `A${n}` } }),
  "user u-24",
);
