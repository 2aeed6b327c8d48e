import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { laneOf } from "../src/express-lane.ts";
import { LOOKUP_EVERY, MISSES_BEFORE_SPARING } from "../src/memo-lookups.ts";
import { MEMO_BODY_LIMIT, MEMO_KEY_CHARS } from "../src/route-memo.ts";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

// A full memo that keeps missing is looked up only now and then (memo-lookups.ts, worthLooking). What the
// lookups it spares must not change: every answer, the count mb keeps, and the answers it still holds.
const copyBody = {
  predicates: [{ startsWith: { body: "b-" } }],
  responses: [
    {
      is: { body: "got $B" },
      behaviors: [
        { copy: { from: "body", into: "$B", using: { method: "regex" as const, selector: ".+" } } },
      ],
    },
  ],
};
/**
 * Bodies as long as the memo keeps, so that their keys and answers fill its characters in a few dozen
 * requests (a thousand small ones would take the test pool minutes); `i` first, so each is told apart.
 */
const bodyOf = (i: number) => `b-${i}-`.padEnd(MEMO_BODY_LIMIT, "x");
/** Past the memo's room and its run of misses, with some to spare. */
const DISTINCT = Math.ceil(MEMO_KEY_CHARS / MEMO_BODY_LIMIT) + MISSES_BEFORE_SPARING + 4 * LOOKUP_EVERY;

async function post(port: number, body: string): Promise<string> {
  return (await send(`/i/${port}/p`, { method: "POST", body, headers: { "x-a": "1" } })).text();
}

describe("a full memo that keeps missing", () => {
  // One test: the test pool slows with every request an isolate has served, so the two streams share one.
  it("answers every distinct body with its own answer, then a remembered one right every time, all counted", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [copyBody] }));
    // A short body answered twice lanes the URL: the stream below then misses the lane first, which asks
    // the memo whether to look and hands the full way its key (lane-serving.ts).
    const laned = "b-laned";
    expect([await post(port, laned), await post(port, laned)]).toEqual(["got b-laned", "got b-laned"]);
    const lane = laneOf(`http://127.0.0.1:2525/i/${port}/p`, "POST", env);
    expect(lane?.answers.size).toBe(1);
    const wrong: string[] = [];
    for (let i = 0; i < DISTINCT; i++) {
      const answer = await post(port, bodyOf(i));
      if (answer !== `got ${bodyOf(i)}`) wrong.push(`${i}: ${answer.slice(0, 20)}`);
    }
    expect(wrong).toEqual([]);
    expect(lane?.memo.full).toBe(true);
    expect(lane?.memo.misses).toBeGreaterThanOrEqual(MISSES_BEFORE_SPARING);
    // The first body's answer was the first remembered: past the spared lookups it is found again.
    const answers = new Set<string>();
    for (let i = 0; i < 2 * LOOKUP_EVERY; i++) answers.add(await post(port, bodyOf(0)));
    expect([...answers]).toEqual([`got ${bodyOf(0)}`]);
    const lanedAnswers = new Set<string>();
    for (let i = 0; i < 2 * LOOKUP_EVERY; i++) lanedAnswers.add(await post(port, laned));
    expect([...lanedAnswers]).toEqual(["got b-laned"]);
    // Found again, by the lane or the memo: the run of misses is over and lookups are no longer spared.
    expect(lane?.memo.misses).toBe(0);
    expect(laneOf(`http://127.0.0.1:2525/i/${port}/p`, "POST", env)).toBe(lane);
    const requests = 2 + DISTINCT + 4 * LOOKUP_EVERY;
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(requests);
  }, 60_000);
});
