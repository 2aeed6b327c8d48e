import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  comparable,
  edgeRoute,
  IGNORED_HEADERS,
  send,
  startMountebank,
  type WireRequest,
} from "@mockctl/differential";
import { expect } from "vitest";
import { startPlatform } from "../local/platform.ts";
import { normalizeForPlatform } from "./platform-rules.ts";
import type { ProxyCase } from "./proxy.cases.ts";
import { type Origin, startOrigin } from "./proxy-origin.ts";

/** One server under comparison: its admin API's port, and how a request reaches imposter `id`. */
export interface Side {
  admin: number;
  request: (id: number, req: WireRequest) => ReturnType<typeof send>;
}

/** Real Mountebank 2.9.1, the local platform, and one origin both proxy to. */
export interface Sides {
  mb: Side;
  ours: Side;
  origin: Origin;
  stop(): Promise<void>;
}

export async function startSides(allowInjection = false): Promise<Sides> {
  const dataDir = mkdtempSync(join(tmpdir(), "mockctl-e2e-proxy-"));
  const [mb, platform, origin] = await Promise.all([
    startMountebank(15_000, allowInjection ? ["--allowInjection"] : []),
    startPlatform({ port: 0, dataDir, allowInjection }),
    startOrigin(),
  ]);
  const edgePort = Number(new URL(platform.url).port);
  const route = edgeRoute(edgePort);
  return {
    mb: { admin: mb.adminPort, request: (id, req) => send(id, req) },
    ours: {
      admin: edgePort,
      request: (id, req) => {
        const { port, pathPrefix, host } = route(id);
        return send(port, { ...req, path: pathPrefix + (req.path ?? "/") }, host);
      },
    },
    origin,
    async stop() {
      await Promise.all([mb.stop(), platform.stop(), origin.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function admin(
  side: Side,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = { method, headers: { "Content-Type": "application/json" } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`http://127.0.0.1:${side.admin}${path}`, init);
  const text = await res.text();
  return { status: res.status, json: text === "" ? undefined : JSON.parse(text) };
}

/**
 * Saved headers as both record them: names lower-cased, the socket's own (Date, Connection, …) left
 * out, and Content-Length's value too. mb appends a proxyAlways answer to its stub without copying it,
 * and then rewrites that very object's Content-Length to the length of the body it sent (a number, of
 * the 4-space JSON); the export shows that rendering's length, not the origin's. We save the origin's.
 */
function savedHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (!IGNORED_HEADERS.has(key)) kept[key] = key === "content-length" ? "<length>" : value;
  }
  return kept;
}

/** The imposter's numberOfRequests, which a test polls to check that its traffic went through the mock. */
async function countOf(side: Side, port: number): Promise<unknown> {
  return ((await admin(side, "GET", `/imposters/${port}`)).json as { numberOfRequests?: number })
    .numberOfRequests;
}

/** The replayable export, with what differs by nature (measured latencies, socket headers) blurred. */
export function exported(json: unknown): unknown {
  return JSON.parse(JSON.stringify(json), (key, value) => {
    if (key === "wait" && typeof value === "number") return "<ms>";
    if (key === "headers" && value && typeof value === "object") return savedHeaders(value);
    return value;
  });
}

/**
 * Any admin answer reduced to what both must agree on: `exported`'s rules, plus links without their
 * origin (each server names its own), no `url` (ours only, in the non-replayable forms) and the
 * measured `_proxyResponseTime` blurred.
 */
export function adminView(json: unknown): unknown {
  return exported(
    JSON.parse(JSON.stringify(json), (key, value) => {
      if (key === "url") return undefined;
      if (key === "href" && typeof value === "string") return value.replace(/^http:\/\/[^/]+/, "");
      if (key === "_proxyResponseTime" && typeof value === "number") return "<ms>";
      return value;
    }),
  );
}

/**
 * Creates the case's imposter on both, sends its requests to both in turn (each records before the
 * next), compares every answer, then the replayable exports. Always deletes both imposters.
 */
export async function runCase(sides: Sides, c: ProxyCase, port: number): Promise<void> {
  const pair = [sides.mb, sides.ours] as const;
  const imposter = { protocol: "http", port, stubs: c.stubs(sides.origin.url) };
  try {
    for (const side of pair) expect((await admin(side, "POST", "/imposters", imposter)).status).toBe(201);
    for (const [i, req] of c.requests.entries()) {
      // One after the other: both hit the same origin, and each records before the next request.
      const theirs = await pair[0].request(port, req);
      const ours = await pair[1].request(port, req);
      const view = (res: typeof theirs) => comparable(normalizeForPlatform(res));
      expect(view(ours), `request #${i} ${req.method} ${req.path}`).toEqual(view(theirs));
    }
    const [theirs, ours] = await Promise.all(
      pair.map((side) => admin(side, "GET", `/imposters/${port}?replayable=true`)),
    );
    expect(exported(ours?.json), "replayable export").toEqual(exported(theirs?.json));
    const [mbCount, ourCount] = await Promise.all(pair.map((side) => countOf(side, port)));
    expect(ourCount, "numberOfRequests").toBe(mbCount);
  } finally {
    await Promise.all(pair.map((side) => admin(side, "DELETE", `/imposters/${port}`)));
  }
}
