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

const equals = BODY_SHAPES.find((shape) => shape.name === "JSON body equals (method, path, object)");
if (equals === undefined) throw new Error("bench:core lost issue 12's JSON equals shape");

/**
 * Issue 12's JSON equals with a body the edge has not seen on almost every request (a name counting up,
 * padded, so the bodies have one length, three characters over the repeated one): the route memo's misses,
 * where the full path (read, normalize, match, resolve) runs on every request, plus the key built for the
 * failed lookup.
 */
export const FRESH_BODY_SCENARIO: Scenario = {
  id: "issue12-json-equals-fresh",
  title: `issue 12: JSON body equals, 50 stubs, the 25th matching, ${FRESH_BODIES.toLocaleString("en")} distinct bodies in turn (the memo's misses)`,
  path: "/i/4705/users",
  bodies: [],
  target: true,
  requests: Array.from({ length: FRESH_BODIES }, (_, i): BenchRequest => {
    const body = JSON.stringify({ user: { id: "u-24", name: `A${String(i).padStart(5, "0")}` } });
    return {
      method: "POST",
      path: "/i/4705/users",
      headers: { "content-type": "application/json" },
      body,
      expect: { status: 200, body: equals.answer },
    };
  }),
  floor: "floor-post",
  imposter: { ...equals.imposter, port: 4705 },
};
