import { MbFailure } from "../errors.ts";
import type { StubResponse } from "../schemas/response.ts";

/** Mountebank has no bound and builds the whole array; we refuse before a huge `repeat` eats memory. */
export const MAX_CYCLE_LENGTH = 100_000;

/**
 * How many times Mountebank places a response: its loop is `for (j = 0; j < (repeat || 1); j++)`, so a
 * missing, empty or zero repeat means once, a numeric string counts as its number (" 2 " and "0x2" are
 * 2), a fraction rounds up, and anything non-numeric means never (the validator rejects those first).
 */
export function repeatCount(repeat: StubResponse["repeat"]): number {
  const times = Number(repeat || 1);
  return times > 0 ? Math.ceil(times) : 0;
}

/**
 * The circular buffer of a stub: each response index placed `repeat` times, in order. An empty result
 * means the stub answers `is: {}` (see nextResponse).
 */
export function expandRepeats(responses: StubResponse[]): number[] {
  const buffer: number[] = [];
  responses.forEach((response, index) => {
    const times = repeatCount(response.repeat);
    if (buffer.length + times > MAX_CYCLE_LENGTH) {
      throw new MbFailure({
        code: "limit exceeded",
        message: `the responses of a stub may add up to at most ${MAX_CYCLE_LENGTH} with their repeats`,
        source: response,
      });
    }
    for (let i = 0; i < times; i += 1) buffer.push(index);
  });
  return buffer;
}

/**
 * One step of the cycle. Mountebank shifts the head of its buffer and pushes it back on the end; a cursor
 * into the unrotated buffer is the same thing kept as a plain number the Durable Object can persist.
 * `responseIndex` is -1 when the buffer is empty: Mountebank then answers `{ is: {} }`.
 */
export function nextResponse(buffer: number[], cursor: number): { responseIndex: number; cursor: number } {
  if (buffer.length === 0) return { responseIndex: -1, cursor: 0 };
  const position = cursor >= 0 && cursor < buffer.length ? Math.floor(cursor) : 0;
  return { responseIndex: buffer[position] ?? -1, cursor: (position + 1) % buffer.length };
}

/**
 * Appends a response to a stub's cycle (proxyAlways recording), where Mountebank pushes it on the end of
 * its rotated buffer: in the unrotated buffer that is just before the cursor, and the cursor moves past
 * it, so the new response comes after every response still due in this round.
 */
export function appendToCycle(
  buffer: number[],
  cursor: number,
  responseIndex: number,
): { buffer: number[]; cursor: number } {
  const position = cursor >= 0 && cursor < buffer.length ? Math.floor(cursor) : 0;
  const next = [...buffer.slice(0, position), responseIndex, ...buffer.slice(position)];
  return { buffer: next, cursor: (position + 1) % next.length };
}
