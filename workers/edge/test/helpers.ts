import { env, exports } from "cloudflare:workers";
import { objectName } from "@mockctl/contract";
import type { Imposter, MbRequest } from "@mockctl/core";
import { objectFor as stubFor } from "../src/object-stub.ts";

let nextPort = 4000;
/** A port no other test uses: the tests share one runtime, and so one registry and storage. */
export const freshPort = (): number => nextPort++;

export const objectFor = (port: number, workspace = env.WORKSPACE) =>
  stubFor(env, objectName(workspace, port));
/** The untyped stub, for cloudflare:test helpers that run code inside the object. */
export const rawObjectFor = (port: number) => env.IMPOSTERS.getByName(objectName(env.WORKSPACE, port));

export function imposter(port: number, fields: Partial<Imposter> = {}): Imposter {
  return { protocol: "http", port, stubs: [], ...fields };
}

export const is = (body: string, statusCode = 200) => ({ responses: [{ is: { statusCode, body } }] });

/** A request to the front door, by path (default) or, with `host`, by Host header. */
export function send(url: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(url, "http://127.0.0.1:2525"), init));
}

/** A GET of `/` with Mountebank's empty defaults, overridden by `fields`. */
export const mbRequest = (fields: Partial<MbRequest> = {}): MbRequest => ({
  requestFrom: "",
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  body: "",
  ip: "",
  ...fields,
});

/** A served GET of `/<i>` that no stub of version 1 answered, as the journal records it. */
export const journalEntry = (
  i: number,
): { request: MbRequest; stubIndex: number | null; version: number } => ({
  request: mbRequest({ path: `/${i}` }),
  stubIndex: null,
  version: 1,
});
