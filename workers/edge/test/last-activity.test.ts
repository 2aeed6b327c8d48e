import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

const lastRequestAt = async (port: number) => (await objectFor(port).summary())?.overview?.lastRequestAt;

// The dashboard's "last activity" (GET /imposters?overview=true): kept in the object's memory, so serving
// a request writes nothing new for it.
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
});
