import type { Result, Stub } from "@mockctl/core";
import { badData, badStubIndex, fail, ok } from "@mockctl/core";
import type { StoredImposter } from "./imposter-store.ts";

/**
 * The stub list changes of mb's imposter repository (models/inMemoryImpostersRepository.js) as pure
 * functions. Cursors are keyed by stub position, so they move with their stub: mb keeps each surviving
 * stub's response buffer, and only a new or replaced stub starts its cycle again.
 */
type Edit = Result<StoredImposter>;

// mb's exact message (controllers/imposterController.js); a bad `:stubIndex` is the core's badStubIndex.
const BAD_INDEX = "'index' must be between 0 and the length of the stubs array";

function withStubs(current: StoredImposter, stubs: Stub[], cursors: Record<number, number>): Edit {
  return ok({ ...current, imposter: { ...current.imposter, stubs }, cursors });
}

/** Cursors after the stub at `at` is removed (delta -1) or a stub is inserted at `at` (delta +1). */
function shiftCursors(cursors: Record<number, number>, at: number, delta: 1 | -1): Record<number, number> {
  const moved: Record<number, number> = {};
  for (const [key, position] of Object.entries(cursors)) {
    const stub = Number(key);
    if (stub < at) moved[stub] = position;
    else if (stub > at || delta === 1) moved[stub + delta] = position;
  }
  return moved;
}

function hasStub(current: StoredImposter, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < current.imposter.stubs.length;
}

export function replaceStubs(current: StoredImposter, stubs: Stub[]): Edit {
  return withStubs(current, stubs, {});
}

/** Appends when `index` is undefined; like mb, any number from 0 to the length is accepted. */
export function addStub(current: StoredImposter, stub: Stub, index?: number): Edit {
  const stubs = current.imposter.stubs;
  const at = index === undefined ? stubs.length : index;
  if (typeof at !== "number" || !(at >= 0 && at <= stubs.length)) return fail(badData(BAD_INDEX));
  const position = Math.trunc(at);
  const next = [...stubs.slice(0, position), stub, ...stubs.slice(position)];
  return withStubs(current, next, shiftCursors(current.cursors, position, 1));
}

export function replaceStub(current: StoredImposter, index: number, stub: Stub): Edit {
  if (!hasStub(current, index)) return badStubIndex();
  const cursors = { ...current.cursors };
  delete cursors[index];
  return withStubs(current, current.imposter.stubs.with(index, stub), cursors);
}

export function deleteStub(current: StoredImposter, index: number): Edit {
  if (!hasStub(current, index)) return badStubIndex();
  const stubs = current.imposter.stubs.filter((_, i) => i !== index);
  return withStubs(current, stubs, shiftCursors(current.cursors, index, -1));
}

/** Drops recorded proxy responses (`is._proxyResponseTime` a number), then stubs left empty; cycles restart. */
export function deleteSavedProxyResponses(current: StoredImposter): Edit {
  const stubs = current.imposter.stubs
    .map((stub) => ({
      ...stub,
      responses: stub.responses.filter((r) => typeof r.is?._proxyResponseTime !== "number"),
    }))
    .filter((stub) => stub.responses.length > 0);
  return withStubs(current, stubs, {});
}
