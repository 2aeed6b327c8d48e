import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import type { JournalEntry } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, mbRequest, objectFor, rawObjectFor, send } from "../test/helpers.ts";
import { eventReader } from "../test/sse-reader.ts";

// An object whose journal table was made before it had `stub` and `version` (its data folder kept from
// an older platform): it starts, reads its old rows, and records new ones with both.
describe("a journal table from before its stub and version columns", () => {
  it("gains them at start and keeps its rows", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const old = mbRequest({ path: "/old", timestamp: "2026-01-02T03:04:05.000Z" });
    await runInDurableObject(rawObjectFor(port), (_, state) => {
      state.storage.sql.exec("DROP TABLE journal");
      state.storage.sql.exec("CREATE TABLE journal (seq INTEGER PRIMARY KEY, request TEXT NOT NULL)");
      state.storage.sql.exec("INSERT INTO journal VALUES (1, ?)", JSON.stringify(old));
    });
    await abortAllDurableObjects();
    await send(`/i/${port}/new`);
    const replay = eventReader((await objectFor(port).journal(0)) ?? new ReadableStream());
    const entries = (await replay.take(3)).slice(1).map((event) => event.data as JournalEntry);
    expect(entries.map((entry) => [entry.request.path, entry.stubIndex, typeof entry.version])).toEqual([
      ["/old", null, "undefined"],
      ["/new", null, "number"],
    ]);
  });
});
