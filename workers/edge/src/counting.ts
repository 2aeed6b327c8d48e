import { objectFor } from "./object-stub.ts";
import { countHit, startFlush, takeHits, thisIsolate } from "./registry.ts";

/**
 * How long stateless hits wait in the registry before they are sent to the imposter's object. Reads made
 * through the object in this isolate fold them in at once, so numberOfRequests is exact locally; what a
 * crash can lose, and how stale another isolate's count can be, is bounded by this.
 */
export const FLUSH_MS = 1_000;

/**
 * Sends the hits pending for an imposter to its object. An object in this isolate takes them from the
 * registry itself (so a read in between can neither miss nor double them); one elsewhere adds the count
 * sent, which is then taken here. On failure they stay pending for the next flush or read.
 */
async function flushHits(env: Env, name: string): Promise<void> {
  await scheduler.wait(FLUSH_MS);
  const pending = startFlush(name);
  if (pending === 0) return;
  try {
    const takenThere = await objectFor(env, name).addRequests(pending, thisIsolate());
    if (!takenThere) takeHits(name, pending);
  } catch (error) {
    console.error(`could not count ${pending} requests of ${name}`, error);
  }
}

export function countStateless(env: Env, ctx: ExecutionContext, name: string): void {
  if (countHit(name)) ctx.waitUntil(flushHits(env, name));
}
