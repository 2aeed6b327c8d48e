import type { ImposterEngine } from "@mockctl/core";

/**
 * Strict mode, `"strict": true` on an imposter: every request to it is answered by its object, the one
 * authority, so no front door anywhere answers from its own copy and an admin change is seen by the very
 * next request in every location, as Mountebank guarantees on one machine. The price is the object hop on
 * every request, and one object serves about 1,000 requests/s. Without it, plain stubs are answered from
 * each isolate's copy, revalidated within REVALIDATE_MS (loading.ts).
 *
 * Turning strictness on or off is itself a change to the definition, so it reaches other locations within that same bound.
 */
export function isStrict(engine: ImposterEngine): boolean {
  return engine.imposter.strict === true;
}
