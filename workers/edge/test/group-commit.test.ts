import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ImposterKeeper } from "../src/imposter-keeper.ts";
import { freshPort, imposter, mbRequest, objectFor, rawObjectFor, send } from "./helpers.ts";

const cycling = (...bodies: string[]) => ({ responses: bodies.map((body) => ({ is: { body } })) });

const request = mbRequest();

/** The counter and the cursors as storage holds them, read inside the object. */
function stored(state: DurableObjectState) {
  const sql = state.storage.sql;
  const count = sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'numberOfRequests'");
  const cursors = sql.exec<{ stub: number; position: number }>("SELECT stub, position FROM cursors");
  return { count: count.toArray()[0]?.value ?? 0, cursors: cursors.toArray() };
}

describe("stateful requests written in groups", () => {
  it("has written every answered request before its answer arrives, and keeps it across a restart", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [cycling("a", "b", "c")] }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(`/i/${port}/`).then((r) => r.text())),
    );
    expect(answers.toSorted().join("")).toBe(`${"a".repeat(7)}${"b".repeat(7)}${"c".repeat(6)}`);
    const written = await runInDurableObject(rawObjectFor(port), (_, state) => stored(state));
    expect(written).toEqual({ count: 20, cursors: [{ stub: 0, position: 2 }] });

    await abortAllDurableObjects(); // the object starts again from storage
    expect(await (await send(`/i/${port}/`)).text()).toBe("c");
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(21);
  });

  it("writes what is pending before any other change, so a late write never undoes it", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [cycling("a", "b")] }));
    await runInDurableObject(rawObjectFor(port), async (_, state) => {
      const keeper = new ImposterKeeper(state.storage, undefined);
      await keeper.serve(request);
      expect(stored(state)).toEqual({ count: 0, cursors: [] }); // not written yet: it waits for the group
      keeper.change((current) => ({
        ok: true,
        value: { ...current, imposter: { ...current.imposter, stubs: [cycling("x", "y")] }, cursors: {} },
      }));
      expect(stored(state)).toEqual({ count: 1, cursors: [] });
      await keeper.written();
      expect(stored(state)).toEqual({ count: 1, cursors: [] });
    });
  });

  it("shows the requests recorded by a group to a read that comes before the group is written", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs: [cycling("a")] }));
    await runInDurableObject(rawObjectFor(port), async (_, state) => {
      const keeper = new ImposterKeeper(state.storage, undefined);
      await keeper.serve(request);
      await keeper.serve({ ...request, path: "/second" });
      expect(keeper.read()?.state.requests.map((r) => r.path)).toEqual(["/", "/second"]);
    });
  });
});
