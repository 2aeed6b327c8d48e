import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeldAnswer } from "./held-answer.ts";

/** A client and workerd's connection that note, in one list, what is done to them; `full`: writes say so. */
function sides(full = false) {
  const events: string[] = [];
  const client = {
    write: (chunk: Buffer) => {
      events.push(`write ${chunk.toString()}`);
      return !full;
    },
  };
  const upstream = {
    pause: () => events.push("pause"),
    resume: () => events.push("resume"),
  };
  return { events, client, upstream };
}

const held = (full = false) => {
  const { events, client, upstream } = sides(full);
  return { events, answer: new HeldAnswer(client, () => upstream) };
};

describe("an answer held for its stub's wait", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("pauses workerd, then writes its chunks in order after the wait, resumes workerd, then runs what was to follow", () => {
    const { events, answer } = held();
    answer.hold(100);
    answer.keep(Buffer.from("a"));
    answer.keep(Buffer.from("b"));
    answer.afterwards(() => events.push("after"));
    vi.advanceTimersByTime(99);
    expect(events).toEqual(["pause"]);
    expect(answer.holding).toBe(true);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(["pause", "write a", "write b", "resume", "after"]);
    expect(answer.holding).toBe(false);
  });

  it("keeps a second marked answer with the first, out at the first one's time", () => {
    const { events, answer } = held();
    answer.hold(100);
    answer.keep(Buffer.from("a"));
    vi.advanceTimersByTime(50);
    answer.hold(500);
    answer.keep(Buffer.from("b"));
    vi.advanceTimersByTime(50);
    expect(events).toEqual(["pause", "write a", "write b", "resume"]);
  });

  it("leaves workerd paused while the client cannot take more", () => {
    const { events, answer } = held(true);
    answer.hold(10);
    answer.keep(Buffer.from("a"));
    vi.advanceTimersByTime(10);
    expect(events).toEqual(["pause", "write a"]);
  });

  it("writes nothing once the client's connection has closed", () => {
    const { events, answer } = held();
    answer.hold(10);
    answer.keep(Buffer.from("a"));
    answer.drop();
    vi.advanceTimersByTime(100);
    expect(events).toEqual(["pause"]);
  });

  it("holds nothing until asked to", () => {
    const { events, answer } = held();
    answer.keep(Buffer.from("a"));
    expect(answer.holding).toBe(false);
    vi.advanceTimersByTime(100);
    expect(events).toEqual([]);
  });
});
