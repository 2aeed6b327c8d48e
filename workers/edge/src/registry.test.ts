import type { ImposterEngine } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import {
  confirm,
  countHit,
  forget,
  lookup,
  MAX_TOMBSTONES,
  peek,
  publish,
  REVALIDATE_MS,
  startFlush,
  takeHits,
} from "./registry.ts";

const engine = (label: string) => ({ label }) as unknown as ImposterEngine;
let n = 0;
const freshName = () => `registry-test:${n++}`;

describe("registry", () => {
  it("serves the newest version published and never goes back to an older one", () => {
    const name = freshName();
    publish(name, 2, engine("v2"));
    publish(name, 1, engine("v1"));
    expect(lookup(name)?.engine).toEqual({ label: "v2" });
    publish(name, 3, null);
    expect(lookup(name)).toMatchObject({ version: 3, engine: null });
  });

  it("carries the workspace of the name, so a request need not work it out", () => {
    expect(publish("team-a:4545", 1, engine("a")).workspace).toBe("team-a");
    expect(lookup("team-a:4545")?.workspace).toBe("team-a");
  });

  it("keeps the compiled engine when the same version is published again", () => {
    const name = freshName();
    const first = engine("first");
    publish(name, 5, first);
    expect(publish(name, 5, engine("recompiled")).engine).toBe(first);
    expect(lookup(name)?.engine).toBe(first);
  });

  it("answers the newer entry it keeps when an older version is published", () => {
    const name = freshName();
    publish(name, 4, engine("v4"));
    expect(publish(name, 3, engine("v3"))).toMatchObject({ version: 4, engine: { label: "v4" } });
  });

  it("forgets an imposter entirely, as an isolate that never served it", () => {
    const name = freshName();
    publish(name, 1, engine("v1"));
    forget(name);
    expect(peek(name)).toBeUndefined();
    publish(name, 0, null); // an older version is taken again once nothing newer is held
    expect(peek(name)).toMatchObject({ version: 0, engine: null });
  });

  it("asks for revalidation once an entry is older than REVALIDATE_MS, until it is confirmed", () => {
    const name = freshName();
    publish(name, 1, engine("v1"));
    const later = Date.now() + REVALIDATE_MS + 1;
    expect(lookup(name, later)).toBeUndefined();
    expect(confirm(name, 2)).toBeUndefined();
    expect(confirm(name, 1)?.engine).toEqual({ label: "v1" });
    expect(lookup(name, Date.now() + REVALIDATE_MS / 2)?.version).toBe(1);
  });

  it("holds at most MAX_TOMBSTONES tombstones, dropping the oldest, and never an imposter that exists", () => {
    const kept = freshName();
    publish(kept, 1, engine("kept"));
    const unknown = Array.from({ length: MAX_TOMBSTONES + 1 }, freshName);
    for (const name of unknown) publish(name, 0, null);
    expect(peek(unknown[0] ?? "")).toBeUndefined();
    expect(peek(unknown[1] ?? "")).toMatchObject({ engine: null });
    expect(peek(unknown.at(-1) ?? "")).toMatchObject({ engine: null });
    expect(peek(kept)?.engine).toEqual({ label: "kept" });
    // A tombstone that became an imposter is no longer counted, nor dropped as one.
    publish(unknown[1] ?? "", 1, engine("created"));
    publish(freshName(), 0, null);
    expect(peek(unknown[1] ?? "")?.engine).toEqual({ label: "created" });
  });

  it("asks for one flush at a time, and hands hits over once", () => {
    const name = freshName();
    expect(countHit(name)).toBe(true);
    expect(countHit(name)).toBe(false);
    expect(startFlush(name)).toBe(2);
    expect(countHit(name)).toBe(true); // counted after the flush started: the next flush takes it
    expect(takeHits(name, 2)).toBe(2);
    expect(takeHits(name)).toBe(1);
    expect(takeHits(name)).toBe(0);
  });
});
