import { describe, expect, it } from "vitest";
import { SharedQuestion } from "./shared-question.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** An asker that counts its questions and answers the n-th with `n` after `ms`, or never when `ms` is null. */
function asker(ms: Array<number | null>) {
  let asked = 0;
  const ask = () => {
    asked++;
    const wait = ms[asked - 1];
    const n = asked;
    return wait === null ? new Promise<number>(() => {}) : sleep(wait ?? 0).then(() => n);
  };
  return { ask, asked: () => asked };
}

describe("a question shared by the calls of an isolate", () => {
  it("is asked once for callers that need it while it is out, and each gets its answer", async () => {
    const question = new SharedQuestion<number>(1_000, 5);
    const { ask, asked } = asker([40]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => question.answer(ask)));
    expect(asked()).toBe(1);
    expect(new Set(answers)).toEqual(new Set([1]));
  });

  it("is asked again by a caller that comes after the answer", async () => {
    const question = new SharedQuestion<number>(1_000, 5);
    const { ask, asked } = asker([10, 10]);
    expect(await question.answer(ask)).toBe(1);
    await sleep(5);
    expect(await question.answer(ask)).toBe(2);
    expect(asked()).toBe(2);
  });

  it("gives its last answer as recent only for as long as asked", async () => {
    const question = new SharedQuestion<number>(1_000, 5);
    expect(question.recent(100)).toBeUndefined();
    await question.answer(asker([0]).ask);
    expect(question.recent(100)).toBe(1);
    await sleep(60);
    expect(question.recent(50)).toBeUndefined();
  });

  it("is asked again, once, when its asker never hears back (a request cancelled)", async () => {
    const question = new SharedQuestion<number>(100, 5);
    const { ask, asked } = asker([null, 20]);
    void question.answer(ask);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => question.answer(ask)));
    expect(answers).toEqual(Array(10).fill(2));
    expect(asked()).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
