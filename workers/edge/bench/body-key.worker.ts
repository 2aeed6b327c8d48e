// One request loops `n` times over one way of keying a fresh body (`?op=<name>&n=<count>`), so that
// workerd's CPU over the request, read from /proc by infra/bench/body-issue12/session46/micro/run.mjs,
// gives the cost of one (infra/bench/BODY-PROFILE.md, section 46).
// The bodies are issue 12's stream of 16,384 (`issue12-json-equals-fresh`), read as the edge reads them.
import { readFieldsOf } from "../src/body-fields.ts";
import { parsedFields, projectBody } from "../src/body-projection.ts";
import { scanFields } from "../src/body-scan.ts";
import { valueEnd } from "../src/json-span.ts";

const fields = readFieldsOf(new Map([["user", new Map([["id", true as const]])]]));
const encoded = Array.from({ length: 16_384 }, (_, i) =>
  new TextEncoder().encode(`{"user":{"id":"u-24","name":"A${String(i).padStart(5, "0")}"}}`),
);
let bodies: string[] = [];

const OPS: Record<string, (body: string) => number> = {
  none: () => 1,
  parse: (body) => (JSON.parse(body) === null ? 0 : 1),
  parsed: (body) => parsedFields(fields, body)?.length ?? 0,
  project: (body) => projectBody(fields, body)?.length ?? 0,
  scan: (body) => scanFields(fields, body)?.length ?? 0,
  validate: (body) => valueEnd(body, 0, 0),
  includes: (body) => (body.includes("\\") ? 1 : 0),
};

export default {
  async fetch(request: Request): Promise<Response> {
    if (bodies.length === 0) bodies = await Promise.all(encoded.map((bytes) => new Response(bytes).text()));
    const params = new URL(request.url).searchParams;
    const op = OPS[params.get("op") ?? "none"] ?? (() => 0);
    const n = Number(params.get("n"));
    let sum = 0;
    for (let i = 0; i < n; i++) sum += op(bodies[i & 16_383] as string);
    return new Response(String(sum));
  },
};
