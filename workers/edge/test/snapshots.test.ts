import { env } from "cloudflare:workers";
import type { ImposterRecord } from "@mockctl/contract";
import { publishSnapshot } from "@mockctl/contract";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { forget } from "../src/registry.ts";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

// The admin Worker's own KV writer, so these tests also hold the two Workers to one KV layout.
const toKv = (record: ImposterRecord) => publishSnapshot(env.SNAPSHOTS, env.WORKSPACE, record);
/** What a front door in another isolate starts from: it has never held the imposter. */
const coldIsolate = (port: number) => forget(`${env.WORKSPACE}:${port}`);
const text = async (port: number) => (await send(`/i/${port}/`)).text();

describe("imposters a front door has never held", () => {
  beforeAll(() => objectFor(freshPort()).read(), 30_000);

  it("are served from their KV snapshot: a copy only KV holds answers, not the empty object", async () => {
    const port = freshPort();
    const record = { imposter: imposter(port, { stubs: [is("from kv")] }), version: 3 };
    await toKv({ ...record, state: { cursors: {}, numberOfRequests: 0, requests: [] } });
    coldIsolate(port);
    expect(await text(port)).toBe("from kv");
  });

  it("are served from KV's copy until their object, asked at once, says it is behind", async () => {
    const port = freshPort();
    const object = objectFor(port);
    await toKv(await object.put(imposter(port, { stubs: [is("one")] })));
    await object.replaceStubs([is("two")]); // KV in this location has not seen the change yet
    coldIsolate(port);
    expect(await text(port)).toBe("one");
    await vi.waitFor(async () => expect(await text(port)).toBe("two"), { timeout: 2_000, interval: 20 });
  });

  it("are 404 once their object says they are gone, even where KV's pointer lingers", async () => {
    const port = freshPort();
    const object = objectFor(port);
    await toKv(await object.put(imposter(port, { stubs: [is("one")] })));
    await object.remove();
    coldIsolate(port);
    await vi.waitFor(async () => expect((await send(`/i/${port}/`)).status).toBe(404), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it("are loaded from their object when KV has nothing", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("only the object")] }));
    coldIsolate(port);
    expect(await text(port)).toBe("only the object");
  });
});

describe("the local contract with KV in the loop", () => {
  it("shows every admin change to the very next request", async () => {
    const port = freshPort();
    const object = objectFor(port);
    await toKv(await object.put(imposter(port, { stubs: [is("one")] })));
    expect(await text(port)).toBe("one");
    const changed = await object.replaceStubs([is("two")]);
    if (changed.ok) await toKv(changed.value);
    expect(await text(port)).toBe("two");
    await object.remove();
    expect((await send(`/i/${port}/`)).status).toBe(404);
  });
});
