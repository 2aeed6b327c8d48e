import { env } from "cloudflare:workers";
import { type ImposterObjectApi, objectName } from "@mockctl/contract";
import type { MbRequest } from "@mockctl/core";
import { expect } from "vitest";
import { type Answer, type CallOptions, call } from "./client.ts";

/** POSTs an imposter and insists it was created. */
export async function created(imposter: unknown, options: CallOptions = {}): Promise<Answer> {
  const answer = await call("POST", "/imposters", { ...options, body: imposter });
  expect(answer.status, answer.text).toBe(201);
  return answer;
}

export function imposterObject(port: number, workspace = "local"): ImposterObjectApi {
  const stub = env.IMPOSTERS.get(env.IMPOSTERS.idFromName(objectName(workspace, port)));
  return stub as unknown as ImposterObjectApi;
}

/** Serves a request through the imposter's object, as the front door does for stateful stubs. */
export async function served(port: number, path = "/", body = ""): Promise<void> {
  const request: MbRequest = {
    requestFrom: "127.0.0.1:0",
    method: "GET",
    path,
    query: {},
    headers: {},
    body,
    ip: "127.0.0.1",
  };
  await imposterObject(port).handle(request);
}

/** Pretty-printed as the admin API must print it: compares content and field order at once. */
export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export const links = (port: number) => ({
  self: { href: `http://localhost:2525/imposters/${port}` },
  stubs: { href: `http://localhost:2525/imposters/${port}/stubs` },
});
export const stubLink = (port: number, index: number) => ({
  self: { href: `http://localhost:2525/imposters/${port}/stubs/${index}` },
});
export const hostedUrl = (port: number) => `http://localhost:2525/i/${port}`;
