import { describe, expect, it } from "vitest";
import type { StubsEvent } from "./api/journal.ts";
import type { Stub } from "./api/types.ts";
import { liveRecordings, recordedMarks } from "./recorded.ts";

const ORIGIN = "http://origin.test";
const proxy = (mode?: string): Stub =>
  ({ responses: [{ proxy: { to: ORIGIN, ...(mode ? { mode } : {}) } }] }) as unknown as Stub;
const saved = (path: string, date?: string, answers = 1): Stub =>
  ({
    predicates: [{ deepEquals: { path } }],
    responses: Array.from({ length: answers }, () => ({
      is: { statusCode: 200, body: path, headers: date ? { Date: date } : {}, _proxyResponseTime: 3 },
    })),
  }) as unknown as Stub;
const plain = { responses: [{ is: { body: "plain" } }] } as unknown as Stub;
const event = (stubIndex: number, proxyIndex: number, at = "2026-11-25T02:10:00.000Z"): StubsEvent => ({
  at,
  stubIndex,
  proxyIndex,
  count: 0,
});

describe("recordedMarks", () => {
  it("marks only stubs holding a saved proxy answer (is._proxyResponseTime), with mb's placement", () => {
    // proxyOnce recordings run up to their proxy stub; proxyAlways ones sit behind theirs.
    const stubs = [
      plain,
      saved("/a"),
      saved("/b"),
      proxy("nonsense"),
      proxy("proxyAlways"),
      plain,
      saved("/c", undefined, 3),
    ];
    const marks = recordedMarks(stubs, []);
    expect([...marks.keys()]).toEqual([1, 2, 6]);
    expect(marks.get(1)).toEqual({
      proxyIndex: 3,
      proxy: { to: ORIGIN, mode: "proxyOnce" },
      at: undefined,
      answers: 1,
    });
    expect(marks.get(6)?.proxyIndex).toBe(4);
    expect(marks.get(6)?.answers).toBe(3);
  });

  it("takes when from the origin's Date header of the newest answer, and says so when no proxy fits", () => {
    const marks = recordedMarks([saved("/a", "Wed, 25 Nov 2026 01:59:58 GMT"), plain], []);
    expect(marks.get(0)).toEqual({
      proxyIndex: undefined,
      proxy: undefined,
      at: "2026-11-25T01:59:58.000Z",
      answers: 1,
    });
  });

  it("prefers what the live stream said: the recording proxy and the time it was saved", () => {
    const stubs = [saved("/a", "Wed, 25 Nov 2026 01:59:58 GMT"), proxy()];
    expect(recordedMarks(stubs, [event(0, 1)]).get(0)?.at).toBe("2026-11-25T02:10:00.000Z");
  });
});

describe("liveRecordings", () => {
  it("moves earlier recordings down when a later proxyOnce recording inserts a stub in front of them", () => {
    // [proxyOnce, proxyAlways] → proxyAlways saves at 2 → proxyOnce inserts at 0 (its proxy moves to 1).
    const placed = liveRecordings([
      event(2, 1, "2026-11-25T02:00:01.000Z"),
      event(0, 1, "2026-11-25T02:00:02.000Z"),
    ]);
    expect([...placed.entries()].map(([index, e]) => [index, e.proxyIndex, e.at])).toEqual([
      [3, 2, "2026-11-25T02:00:01.000Z"],
      [0, 1, "2026-11-25T02:00:02.000Z"],
    ]);
  });
});
