import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { publishSnapshot } from "@mockctl/contract";
import { createEngine, type Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { load } from "./loading.ts";
import { peek, publish } from "./registry.ts";

// The object's side is a fake here: the real one shares this isolate and publishes into the registry
// itself, which hides which source a load used (test/snapshots.test.ts runs the real one end to end).
const WORKSPACE = "loading-test";
let nextPort = 1;

interface Fake {
  version: number;
  imposter: Imposter | null;
}

function setUp(object: Fake) {
  const port = nextPort++;
  const calls = { head: 0, snapshot: 0 };
  const stub = {
    head: async () => {
      calls.head++;
      return { version: object.version, exists: object.imposter !== null };
    },
    snapshot: async () => {
      calls.snapshot++;
      return { version: object.version, imposter: object.imposter };
    },
  };
  const fakeEnv = { ...env, IMPOSTERS: { getByName: () => stub } } as unknown as Env;
  const name = `${WORKSPACE}:${port}`;
  const body = (served: { engine: { imposter: Imposter } | null } | undefined) =>
    served?.engine?.imposter.stubs[0]?.responses?.[0]?.is?.body;
  return { port, name, calls, fakeEnv, body };
}

const definition = (port: number, body: string): Imposter => ({
  protocol: "http",
  port,
  stubs: [{ responses: [{ is: { body } }] }],
});

/** What the admin Worker writes after a change: the snapshot by version, then the pointer. */
const inKv = (imposter: Imposter, version: number) =>
  publishSnapshot(env.SNAPSHOTS, WORKSPACE, {
    imposter,
    version,
    state: { cursors: {}, numberOfRequests: 0, requests: [] },
  });

async function loadOnce(fakeEnv: Env, name: string) {
  const ctx = createExecutionContext();
  const served = await load(fakeEnv, ctx, name);
  await waitOnExecutionContext(ctx);
  return served;
}

describe("a cold load", () => {
  it("takes the latest version from KV and asks the object in the background", async () => {
    const t = setUp({ version: 3, imposter: null });
    await inKv(definition(t.port, "from kv"), 3);
    const ctx = createExecutionContext();
    const served = await load(t.fakeEnv, ctx, t.name);
    expect([served.version, t.body(served), t.calls.snapshot]).toEqual([3, "from kv", 0]);
    await waitOnExecutionContext(ctx);
    expect(t.calls.head).toBe(1);
  });

  it("asks the object once for a burst of cold requests", async () => {
    const t = setUp({ version: 2, imposter: definition(0, "x") });
    await inKv(definition(t.port, "from kv"), 2);
    const ctx = createExecutionContext();
    await Promise.all([load(t.fakeEnv, ctx, t.name), load(t.fakeEnv, ctx, t.name)]);
    await waitOnExecutionContext(ctx);
    expect(t.calls.head).toBe(1);
  });

  it("lets the object correct a KV copy that is behind it", async () => {
    const t = setUp({ version: 5, imposter: null });
    await inKv(definition(t.port, "v4"), 4);
    await loadOnce(t.fakeEnv, t.name);
    expect(peek(t.name)).toMatchObject({ version: 5, engine: null });
  });

  it.each([
    ["no pointer", async (_name: string) => {}],
    ["a pointer to a missing snapshot", (name: string) => env.SNAPSHOTS.put(name, "7")],
    ["a pointer that is no version", (name: string) => env.SNAPSHOTS.put(name, "seven")],
  ])("falls back to the object's snapshot when KV has %s", async (_, seed) => {
    const t = setUp({ version: 7, imposter: definition(0, "from object") });
    await seed(t.name);
    const served = await loadOnce(t.fakeEnv, t.name);
    expect([served.version, t.body(served), t.calls.snapshot]).toEqual([7, "from object", 1]);
  });
});

describe("with KV_SNAPSHOTS off (the local platform, where the objects share this isolate)", () => {
  const off = (fakeEnv: Env) => ({ ...fakeEnv, KV_SNAPSHOTS: "false" }) as Env;

  it("loads from the object, not from a pointer KV still holds", async () => {
    const t = setUp({ version: 6, imposter: definition(0, "from object") });
    await inKv(definition(t.port, "stale in kv"), 4);
    const served = await loadOnce(off(t.fakeEnv), t.name);
    expect([served.version, t.body(served), t.calls.snapshot]).toEqual([6, "from object", 1]);
  });

  it("takes a newer version the object names from the object, not from KV", async () => {
    const t = setUp({ version: 2, imposter: definition(0, "v2 from object") });
    publish(t.name, 1, createEngine(definition(t.port, "v1")));
    await inKv(definition(t.port, "v2 in kv"), 2);
    const served = await loadOnce(off(t.fakeEnv), t.name);
    expect([served.version, t.body(served), t.calls.head, t.calls.snapshot]).toEqual([
      2,
      "v2 from object",
      1,
      1,
    ]);
  });
});

describe("a revalidation", () => {
  it("confirms the version it holds with the object's head alone", async () => {
    const t = setUp({ version: 2, imposter: definition(0, "x") });
    const held = publish(t.name, 2, createEngine(definition(t.port, "held")));
    held.loadedAt = 0;
    const served = await loadOnce(t.fakeEnv, t.name);
    expect([served, t.calls.head, t.calls.snapshot]).toEqual([held, 1, 0]);
    expect(held.loadedAt).toBeGreaterThan(0);
  });

  it("takes a newer version the object names from KV", async () => {
    const t = setUp({ version: 9, imposter: definition(0, "from object") });
    publish(t.name, 8, null);
    await inKv(definition(t.port, "v9 from kv"), 9);
    const served = await loadOnce(t.fakeEnv, t.name);
    expect([served.version, t.body(served), t.calls.snapshot]).toEqual([9, "v9 from kv", 0]);
  });

  it("asks the object for a version KV does not have yet", async () => {
    const t = setUp({ version: 9, imposter: definition(0, "from object") });
    publish(t.name, 8, null);
    const served = await loadOnce(t.fakeEnv, t.name);
    expect([served.version, t.body(served), t.calls.snapshot]).toEqual([9, "from object", 1]);
  });

  it("publishes a deletion from the head alone", async () => {
    const t = setUp({ version: 4, imposter: null });
    publish(t.name, 3, null);
    const served = await loadOnce(t.fakeEnv, t.name);
    expect([served.version, served.engine, t.calls.snapshot]).toEqual([4, null, 0]);
  });

  it("asks the object once for all the requests that find the entry expired together, then again later", async () => {
    const t = setUp({ version: 2, imposter: definition(0, "x") });
    const held = publish(t.name, 2, createEngine(definition(t.port, "held")));
    held.loadedAt = 0;
    const burst = await Promise.all(Array.from({ length: 20 }, () => loadOnce(t.fakeEnv, t.name)));
    expect(burst.every((served) => served === held)).toBe(true);
    expect(t.calls.head).toBe(1);
    held.loadedAt = 0;
    await loadOnce(t.fakeEnv, t.name);
    expect(t.calls.head).toBe(2);
  });
});
