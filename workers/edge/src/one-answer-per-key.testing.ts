import { type ImposterEngine, normalizeRequest } from "@mockctl/core";
import { expect } from "vitest";
import { bodyKey, type RouteMemo } from "./route-memo.ts";

/**
 * The soundness every widening of the memo's body key rests on, checked against the core itself: no two
 * bodies share a key when the core tells them apart (by `answerOf`: the stub matched, or the whole answer).
 * Returns how many bodies found their key taken already, so a caller can check the bodies shared keys at all.
 */
export async function bodiesSharingAKey(
  engine: ImposterEngine,
  memo: RouteMemo,
  bodies: readonly string[],
  answerOf: (stub: number, request: ReturnType<typeof normalizeRequest>) => Promise<unknown> | unknown,
): Promise<number> {
  const answers = new Map<string, unknown>();
  let shared = 0;
  for (const body of bodies) {
    const request = normalizeRequest({ method: "POST", url: "/", headers: [], body });
    const answer = await answerOf(await engine.match(request), request);
    const key = bodyKey(memo, body);
    const known = answers.get(key);
    if (known !== undefined) shared++;
    expect({ body, answer }).toEqual({ body, answer: known ?? answer });
    answers.set(key, answer);
  }
  return shared;
}
