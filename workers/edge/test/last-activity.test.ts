import { abortAllDurableObjects } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

const lastRequestAt = async (port: number) => (await objectFor(port).summary())?.overview?.lastRequestAt;

// The dashboard's "last activity" (GET /imposters?overview=true): in the object's memory, written with the
// request count (at most once a second for the front door's requests), so serving writes nothing of its own.
describe("an imposter's overview", { timeout: 20_000 }, () => {
  it("says never until a request arrives, then when, for requests served at the front door", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("a"), is("b")] }));
    expect((await objectFor(port).summary())?.overview).toEqual({ lastRequestAt: null, stubCount: 2 });
    const before = Date.now();
    await send(`/i/${port}/`);
    const at = Date.parse((await lastRequestAt(port)) ?? "");
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    // `read` (GET /imposters/:id) carries it too; neither prints it in mb's forms (services/printing.ts).
    expect((await objectFor(port).read())?.overview?.lastRequestAt).toBe(new Date(at).toJSON());
  });

  it("for requests the object serves, and starts again with a new imposter on the port", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs: [is("a")] }));
    const before = Date.now();
    await send(`/i/${port}/`);
    expect(Date.parse((await lastRequestAt(port)) ?? "")).toBeGreaterThanOrEqual(before - 1);
    await objectFor(port).put(imposter(port, { stubs: [] }));
    expect(await lastRequestAt(port)).toBeNull();
  });

  // The dashboard showed "never" beside a non-zero count whenever the object had been evicted (QA saw it
  // flip between a time and never): it was kept in memory only.
  it.each([
    ["at the front door", {}],
    ["by the object", { recordRequests: true }],
  ])("outlives the object's restart, for requests served %s", async (_where, fields) => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { ...fields, stubs: [is("a")] }));
    await send(`/i/${port}/`);
    const at = await lastRequestAt(port);
    expect(at).not.toBeNull();
    await abortAllDurableObjects();
    expect(await lastRequestAt(port)).toBe(at);
    expect((await objectFor(port).summary())?.state.numberOfRequests).toBe(1);
  });

  it("starts again when the recorded requests are cleared, as the count does", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs: [is("a")] }));
    await send(`/i/${port}/`);
    await objectFor(port).resetRequests();
    expect(await lastRequestAt(port)).toBeNull();
    await abortAllDurableObjects();
    expect(await lastRequestAt(port)).toBeNull();
  });
});
