import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MbFailure } from "../errors.ts";
import type { StubResponse } from "../schemas/response.ts";
import { appendToCycle, expandRepeats, MAX_CYCLE_LENGTH, nextResponse, repeatCount } from "./cycle.ts";

const body = (b: string, repeat?: StubResponse["repeat"]): StubResponse =>
  repeat === undefined ? { is: { body: b } } : { is: { body: b }, repeat };

function play(responses: StubResponse[], times: number): string[] {
  const buffer = expandRepeats(responses);
  const seen: string[] = [];
  let cursor = 0;
  for (let i = 0; i < times; i += 1) {
    const step = nextResponse(buffer, cursor);
    cursor = step.cursor;
    seen.push(String(responses[step.responseIndex]?.is?.body ?? "{}"));
  }
  return seen;
}

describe("response cycling", () => {
  // Sequences answered by mb 2.9.1 (imposters 46215 and 46216).
  it.each<[StubResponse[], string]>([
    [[body("a", "2"), body("b", 1.5), body("c")], "a a b b c a a b b"],
    [[body("a", " 2 "), body("b", "0x2"), body("c", "")], "a a b b c a a b b"],
    [[body("a"), body("b")], "a b a b a b a b a"],
  ])("cycles %j as mb does", (responses, sequence) => {
    expect(play(responses, 9).join(" ")).toBe(sequence);
  });

  it.each<[StubResponse["repeat"], number]>([
    [undefined, 1],
    [0, 1],
    ["", 1],
    [3, 3],
    ["3", 3],
    [2.1, 3],
    ["abc", 0],
    [-1, 0],
  ])("repeat %j places a response %i times", (repeat, times) => {
    expect(repeatCount(repeat)).toBe(times);
  });

  it("answers is: {} (index -1) when a stub has no responses", () => {
    expect(nextResponse([], 0)).toEqual({ responseIndex: -1, cursor: 0 });
  });

  it("restarts a cursor left out of range", () => {
    expect(nextResponse([0, 1], 7)).toEqual({ responseIndex: 0, cursor: 1 });
  });

  it("refuses a cycle longer than the limit", () => {
    expect(() => expandRepeats([body("a", MAX_CYCLE_LENGTH), body("b")])).toThrow(MbFailure);
    expect(expandRepeats([body("a", MAX_CYCLE_LENGTH)])).toHaveLength(MAX_CYCLE_LENGTH);
  });

  // Mountebank's own model (inMemoryImpostersRepository): shift the head, push it back; addResponse pushes.
  it("matches mb's rotating buffer under any mix of steps and appends", () => {
    const op = fc.oneof(fc.constant("next" as const), fc.constant("append" as const));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 4 }),
        fc.array(op),
        (repeats, ops) => {
          const responses = repeats.map((repeat, i) => body(String(i), repeat));
          const rotating = expandRepeats(responses);
          let buffer = [...rotating];
          let cursor = 0;
          let added = responses.length;
          for (const step of ops) {
            if (step === "append") {
              rotating.push(added);
              ({ buffer, cursor } = appendToCycle(buffer, cursor, added));
              added += 1;
            } else {
              const head = rotating.shift();
              if (head !== undefined) rotating.push(head);
              const result = nextResponse(buffer, cursor);
              cursor = result.cursor;
              expect(result.responseIndex).toBe(head ?? -1);
            }
          }
        },
      ),
    );
  });
});
