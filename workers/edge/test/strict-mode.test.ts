import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { publishSnapshot } from "@mockctl/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { forget } from "../src/registry.ts";
import { freshPort, imposter, is, objectFor, rawObjectFor, send } from "./helpers.ts";

/** The count in the object's storage: stateless answers reach it only FLUSH_MS later, the object's at once. */
const storedCount = (port: number) =>
  runInDurableObject(rawObjectFor(port), (_, state) => {
    const rows = state.storage.sql.exec<{ value: number }>(
      "SELECT value FROM meta WHERE key = 'numberOfRequests'",
    );
    return rows.toArray()[0]?.value ?? 0;
  });

const onPath = (path: string, body: string) => ({ predicates: [{ equals: { path } }], ...is(body) });

describe("strict mode", () => {
  beforeAll(() => objectFor(freshPort()).read(), 30_000);

  it.each([
    [true, [1, 2, 3]],
    [false, [0, 0, 0]],
  ])("strict %s: plain answers go through the object, counted there as they are served", async (strict, counts) => {
    const port = freshPort();
    // A path-only stub: without strict mode its answer is even remembered by request line.
    await objectFor(port).put(imposter(port, { strict, stubs: [onPath("/x", "plain")] }));
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await (await send(`/i/${port}/x`)).text()).toBe("plain");
      seen.push(await storedCount(port));
    }
    expect(seen).toEqual(counts);
  });

  it.each([
    [true, 404],
    [false, 200],
  ])("strict %s: with a copy in KV and none in the object, the answer is %i", async (strict, status) => {
    const port = freshPort();
    const record = { imposter: imposter(port, { strict, stubs: [is("kv copy")] }), version: 2 };
    await publishSnapshot(env.SNAPSHOTS, env.WORKSPACE, {
      ...record,
      state: { cursors: {}, numberOfRequests: 0, requests: [] },
    });
    forget(`${env.WORKSPACE}:${port}`);
    expect((await send(`/i/${port}/`)).status).toBe(status);
  });
});
