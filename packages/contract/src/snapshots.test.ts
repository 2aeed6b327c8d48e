import { emptyState } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { objectName } from "./naming.ts";
import type { ImposterRecord } from "./object-api.ts";
import {
  kvSnapshots,
  pointerKey,
  publishQuietly,
  readPointer,
  readSnapshot,
  type SnapshotKv,
  snapshotKey,
  withdrawSnapshot,
} from "./snapshots.ts";

const record = (version: number): ImposterRecord => ({
  imposter: { protocol: "http", port: 4545, stubs: [] },
  version,
  state: emptyState(),
});

function memoryKv(): SnapshotKv & { keys: Map<string, string> } {
  const keys = new Map<string, string>();
  return {
    keys,
    get: async (key) => keys.get(key) ?? null,
    put: async (key, value) => void keys.set(key, value),
    delete: async (key) => void keys.delete(key),
  };
}

/** KV refusing writes, as Cloudflare's does past one write per second per key. */
const refusing: SnapshotKv = {
  get: () => Promise.reject(new Error("KV GET failed")),
  put: () => Promise.reject(new Error("KV PUT failed: 429 Too Many Requests")),
  delete: () => Promise.reject(new Error("KV DELETE failed: 429 Too Many Requests")),
};

describe("snapshot publishing and reading", () => {
  const name = objectName("ws", 4545);

  it("writes the version's definition, points the latest at it, and reads both back", async () => {
    const kv = memoryKv();
    expect(await publishQuietly(kv, "ws", record(3))).toBe(true);
    expect([...kv.keys.keys()]).toEqual([snapshotKey(name, 3), pointerKey(name)]);
    expect(await readPointer(kv, name)).toBe(3);
    expect(await readSnapshot(kv, name, 3)).toMatchObject({ port: 4545 });
    await withdrawSnapshot(kv, "ws", 4545);
    expect(await readPointer(kv, name)).toBeUndefined();
    expect(await readSnapshot(kv, name, 3)).not.toBeNull(); // old versions stay readable
  });

  it("logs a refused write instead of failing a change the object already made", async () => {
    const logged: string[] = [];
    expect(await publishQuietly(refusing, "ws", record(4), (line) => logged.push(line))).toBe(false);
    await withdrawSnapshot(refusing, "ws", 4545, (line) => logged.push(line));
    expect(logged).toEqual([
      "snapshot of ws:4545 v4 not published: KV PUT failed: 429 Too Many Requests",
      "snapshot pointer of ws:4545 not withdrawn: KV DELETE failed: 429 Too Many Requests",
    ]);
  });
});

describe("kvSnapshots", () => {
  it.each([
    [{ KV_SNAPSHOTS: "true" }, true],
    [{}, true], // a config from before the var: kept, as deployed
    [{ KV_SNAPSHOTS: "false" }, false],
  ])("reads %j as %s", (env, kept) => {
    expect(kvSnapshots(env)).toBe(kept);
  });
});
