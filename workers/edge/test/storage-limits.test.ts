import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import type { ImposterRecord } from "@mockctl/contract";
import { unwrap } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { ImposterStore } from "../src/imposter-store.ts";
import { JOURNAL_CAP, journalLimitOf } from "../src/journal-table.ts";
import { chunksOf } from "../src/text-chunks.ts";
import { freshPort, imposter, is, objectFor, rawObjectFor, journalEntry as request } from "./helpers.ts";

describe("the journal's length per imposter (JOURNAL_LIMIT)", () => {
  it.each([
    ["3", 3],
    ["10000", 10_000],
    [undefined, JOURNAL_CAP],
    ["0", JOURNAL_CAP],
    ["2.5", JOURNAL_CAP],
    ["lots", JOURNAL_CAP],
  ])("%j keeps %d requests", (value, limit) => {
    expect(journalLimitOf(value === undefined ? {} : { JOURNAL_LIMIT: value })).toBe(limit);
  });

  it("keeps the newest requests up to the limit, dropping the oldest", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const paths = await runInDurableObject(rawObjectFor(port), (_, state) => {
      const store = new ImposterStore(state.storage, 3);
      store.recordServed(2, {}, [request(0), request(1)]);
      store.recordServed(5, {}, [request(2), request(3), request(4)]);
      return store.requests().map((recorded) => recorded.path);
    });
    expect(paths).toEqual(["/2", "/3", "/4"]);
  });
});

describe("an imposter's stored bytes", () => {
  it("are its definition's UTF-8 JSON, and 0 once deleted", async () => {
    const port = freshPort();
    const definition = imposter(port, { name: "café", stubs: [] });
    await objectFor(port).put(definition);
    const bytes = new TextEncoder().encode(JSON.stringify(definition)).length;
    expect(await objectFor(port).storedBytes()).toBe(bytes);
    await objectFor(port).remove();
    expect(await objectFor(port).storedBytes()).toBe(0);
  });

  it("come with every record the object answers, as it counts them, also after a restart", async () => {
    const port = freshPort();
    const object = objectFor(port);
    const pairs: Array<[number | undefined, number]> = [];
    const note = async (record: ImposterRecord | null) => {
      pairs.push([record?.storedBytes, await objectFor(port).storedBytes()]);
    };
    await note(await object.put(imposter(port, { name: "naïve ☃", stubs: [is("a")] })));
    await note(unwrap(await object.addStub(is("€".repeat(40)))));
    await note(unwrap(await object.deleteStub(0)));
    await abortAllDurableObjects(); // the object starts again from storage, with no size in memory
    await note(await objectFor(port).summary());
    expect(new Set(pairs.map(([, counted]) => counted)).size).toBe(3); // each change changed the size
    expect(pairs.map(([inRecord]) => inRecord)).toEqual(pairs.map(([, counted]) => counted));
  });
});

describe("an imposter's size across stub changes (maxImposterBytes)", () => {
  it("refuses a change that would take it past 10 MiB; one stored past it may still shrink", async () => {
    const port = freshPort();
    const object = objectFor(port);
    // Stored past the limit, as recordings could before changes were held to it (put does not check).
    const stubs = [is("a".repeat(6_000_000)), is("b".repeat(5_000_000)), is("c".repeat(100_000))];
    await object.put(imposter(port, { stubs }));
    const grow = await object.addStub(is("d"));
    expect(grow.ok).toBe(false);
    if (!grow.ok)
      expect(grow.errors[0]).toMatchObject({ code: "limit exceeded", data: { limit: "maxImposterBytes" } });
    // Still past 10 MiB after it, but smaller: taken, so such an imposter can be trimmed a stub at a time.
    expect(unwrap(await object.deleteStub(2)).imposter.stubs).toHaveLength(2);
    expect(unwrap(await object.deleteStub(1)).imposter.stubs).toHaveLength(1);
    expect(unwrap(await object.addStub(is("d"))).imposter.stubs).toHaveLength(2);
    expect((await object.addStub(is("e".repeat(5_000_000)))).ok).toBe(false);
  }, 30_000); // megabytes through SQLite, on a shared machine
});

describe("a definition stored in chunks", () => {
  it.each([
    ["an emoji across a boundary", "ab😀cd", 3, ["ab", "😀c", "d"]],
    ["an emoji ending a chunk", "a😀b", 3, ["a😀", "b"]],
    ["plain text", "abcdefg", 3, ["abc", "def", "g"]],
    ["a chunk of one pair", "😀😀", 1, ["😀", "😀"]],
  ])("%s is cut between characters", (_case, text, size, chunks) => {
    expect(chunksOf(text, size)).toEqual(chunks);
    expect(chunksOf(text, size).join("")).toBe(text);
  });

  it("keeps an emoji that straddles the 600,000th character through SQLite", async () => {
    const port = freshPort();
    const at = JSON.stringify(imposter(port, { name: "@", stubs: [] })).indexOf("@");
    // The emoji's first half is the last character of the first 600,000-character chunk.
    const name = `${"x".repeat(600_000 - 1 - at)}😀 end`;
    const loaded = await runInDurableObject(rawObjectFor(port), (_, state) => {
      const store = new ImposterStore(state.storage);
      store.save(
        1,
        { imposter: imposter(port, { name, stubs: [] }), numberOfRequests: 0, cursors: {} },
        true,
      );
      return new ImposterStore(state.storage).load()?.imposter.name;
    });
    expect(loaded).toBe(name);
  });
});
