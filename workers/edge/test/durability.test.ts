import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { FLUSH_MS } from "../src/front-door.ts";
import { ImposterStore } from "../src/imposter-store.ts";
import { JOURNAL_CAP } from "../src/journal-table.ts";
import { thisIsolate } from "../src/registry.ts";
import {
  freshPort,
  imposter,
  is,
  objectFor,
  rawObjectFor,
  journalEntry as request,
  send,
} from "./helpers.ts";

const storedCount = (port: number) =>
  runInDurableObject(
    rawObjectFor(port),
    (_, state) =>
      state.storage.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'numberOfRequests'").one()
        .value,
  );

describe("durability", () => {
  it("writes stateless request counts to storage within FLUSH_MS, without any read", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("plain")] }));
    await send(`/i/${port}/`);
    await send(`/i/${port}/`);
    expect(await storedCount(port)).toBe(0);
    // Written FLUSH_MS after the first hit; the margin is for a loaded machine.
    await vi.waitFor(async () => expect(await storedCount(port)).toBe(2), {
      timeout: FLUSH_MS * 5,
      interval: 100,
    });
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(2);
  });

  it("adds the counts of a front door in another isolate, and takes its own isolate's from the registry", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("plain")] }));
    expect(await objectFor(port).addRequests(5, "another isolate")).toBe(false);
    await send(`/i/${port}/`);
    expect(await objectFor(port).addRequests(99, thisIsolate())).toBe(true);
    expect(await storedCount(port)).toBe(6);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(6);
  });

  it(`keeps the last ${JOURNAL_CAP} recorded requests, dropping the oldest`, async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    await runInDurableObject(rawObjectFor(port), (_, state) => {
      const store = new ImposterStore(state.storage);
      store.recordServed(
        5,
        {},
        Array.from({ length: 5 }, (_, i) => request(i)),
      );
      store.recordServed(
        JOURNAL_CAP + 5,
        {},
        Array.from({ length: JOURNAL_CAP }, (_, i) => request(i + 5)),
      );
    });
    const requests = await runInDurableObject(rawObjectFor(port), (_, state) =>
      new ImposterStore(state.storage).requests(),
    );
    expect(requests).toHaveLength(JOURNAL_CAP);
    expect(requests[0]?.path).toBe("/5");
    expect(requests.at(-1)?.path).toBe(`/${JOURNAL_CAP + 4}`);
  });
});
