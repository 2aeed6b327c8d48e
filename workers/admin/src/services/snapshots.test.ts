import { env } from "cloudflare:workers";
import { emptyState } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import type { ImposterRecord } from "../../../edge/src/contract.ts";
import { pointerKey, publishQuietly, snapshotKey, withdrawSnapshot } from "./snapshots.ts";

const record = (version: number): ImposterRecord => ({
  imposter: { protocol: "http", port: 4545, stubs: [] },
  version,
  state: emptyState(),
});

/** KV refusing writes, as Cloudflare's does past one write per second per key. */
const refusing = {
  put: () => Promise.reject(new Error("KV PUT failed: 429 Too Many Requests")),
  delete: () => Promise.reject(new Error("KV DELETE failed: 429 Too Many Requests")),
} as unknown as KVNamespace;

describe("snapshot publishing", () => {
  it("writes the version's definition and points the latest at it", async () => {
    expect(await publishQuietly(env.SNAPSHOTS, "ws", record(3))).toBe(true);
    expect(await env.SNAPSHOTS.get(pointerKey("ws", 4545))).toBe("3");
    expect(JSON.parse((await env.SNAPSHOTS.get(snapshotKey("ws", 4545, 3))) ?? "null")).toMatchObject({
      port: 4545,
    });
    await withdrawSnapshot(env.SNAPSHOTS, "ws", 4545);
    expect(await env.SNAPSHOTS.get(pointerKey("ws", 4545))).toBeNull();
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
