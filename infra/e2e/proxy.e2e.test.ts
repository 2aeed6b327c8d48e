import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edgeRoute } from "../../packages/core/test/differential/admin-api-target.ts";
import { comparable, IGNORED_HEADERS } from "../../packages/core/test/differential/compare.ts";
import {
  freePort,
  type MbProcess,
  startMountebank,
} from "../../packages/core/test/differential/mb-process.ts";
import { send, type WireRequest } from "../../packages/core/test/differential/wire.ts";
import { type Platform, startPlatform } from "../local/platform.ts";
import { normalizeForPlatform } from "./platform-rules.ts";
import { type ProxyCase, proxyCases } from "./proxy.cases.ts";
import { type Origin, startOrigin } from "./proxy-origin.ts";

/**
 * Proxies end to end against real Mountebank 2.9.1: one origin (proxy-origin.ts) behind an mb imposter
 * and behind the local platform's, every answer compared, then the stubs each recorded (the replayable
 * export) compared too.
 */
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-e2e-proxy-"));
let mb: MbProcess | undefined;
let platform: Platform | undefined;
let origin: Origin | undefined;
let edgePort = 0;

beforeAll(async () => {
  [mb, platform, origin] = await Promise.all([
    startMountebank(),
    startPlatform({ port: 0, dataDir }),
    startOrigin(),
  ]);
  edgePort = Number(new URL(platform.url).port);
});

afterAll(async () => {
  await Promise.all([mb?.stop(), platform?.stop(), origin?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

interface Side {
  admin: number;
  request: (id: number, req: WireRequest) => ReturnType<typeof send>;
}

const mbSide = (): Side => ({ admin: mb?.adminPort ?? 0, request: (id, req) => send(id, req) });
const ourSide = (): Side => ({
  admin: edgePort,
  request: (id, req) => {
    const { port, pathPrefix, host } = edgeRoute(edgePort)(id);
    return send(port, { ...req, path: pathPrefix + (req.path ?? "/") }, host);
  },
});

async function admin(
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

/** The replayable export, with what differs by nature (measured latencies, socket headers) blurred. */
function exported(json: unknown): unknown {
  return JSON.parse(JSON.stringify(json), (key, value) => {
    if (key === "wait" && typeof value === "number") return "<ms>";
    if (key === "headers" && value && typeof value === "object") return savedHeaders(value);
    return value;
  });
}

async function runCase(c: ProxyCase, port: number): Promise<void> {
  const sides = [mbSide(), ourSide()] as const;
  const imposter = { protocol: "http", port, stubs: c.stubs(origin?.url ?? "") };
  try {
    for (const side of sides) expect((await admin(side, "POST", "/imposters", imposter)).status).toBe(201);
    for (const [i, req] of c.requests.entries()) {
      // One after the other: both hit the same origin, and each records before the next request.
      const theirs = await sides[0].request(port, req);
      const ours = await sides[1].request(port, req);
      const view = (res: typeof theirs) => comparable(normalizeForPlatform(res));
      expect(view(ours), `request #${i} ${req.method} ${req.path}`).toEqual(view(theirs));
    }
    const [theirs, ours] = await Promise.all(
      sides.map((side) => admin(side, "GET", `/imposters/${port}?replayable=true`)),
    );
    expect(exported(ours?.json), "replayable export").toEqual(exported(theirs?.json));
  } finally {
    await Promise.all(sides.map((side) => admin(side, "DELETE", `/imposters/${port}`)));
  }
}

describe.concurrent("e2e differential: proxies", () => {
  for (const c of proxyCases) it(c.name, async () => runCase(c, await freePort()));

  it("a dead origin: mb's invalid proxy error on both, nothing saved", async () => {
    const port = await freePort();
    const dead = `http://127.0.0.1:${await freePort()}`;
    const sides = [mbSide(), ourSide()] as const;
    const imposter = { protocol: "http", port, stubs: [{ responses: [{ proxy: { to: dead } }] }] };
    try {
      for (const side of sides) await admin(side, "POST", "/imposters", imposter);
      for (const side of sides) {
        const res = await side.request(port, { method: "GET", path: "/a" });
        const { errors } = JSON.parse(Buffer.from(res.body).toString()) as { errors: unknown[] };
        expect(res.status).toBe(500);
        // mb adds the error's name and stack; code and message are the contract.
        expect(errors).toEqual([
          expect.objectContaining({
            code: "invalid proxy",
            message: `Unable to connect to ${JSON.stringify(dead)}`,
          }),
        ]);
        const saved = await admin(side, "GET", `/imposters/${port}?replayable=true`);
        expect((saved.json as { stubs: unknown[] }).stubs).toHaveLength(1);
      }
    } finally {
      await Promise.all(sides.map((side) => admin(side, "DELETE", `/imposters/${port}`)));
    }
  });
});
