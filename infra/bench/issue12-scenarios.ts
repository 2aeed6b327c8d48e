import { BODY_SHAPES } from "@mockctl/core/bench/body-shapes";
import type { Scenario } from "./scenarios.ts";

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
