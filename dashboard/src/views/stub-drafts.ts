import { type Stub, validateStubsBody } from "@mockctl/core";
import { withoutLinks } from "../api/client.ts";
import { ApiError, type MbError } from "../api/types.ts";

/** A stub being edited: its JSON text (kept even while invalid) and the last value that parsed. */
export interface Draft {
  id: number;
  text: string;
  stub: Stub | undefined;
}

let nextId = 1;

export function draftOf(stub: Stub): Draft {
  const clean = withoutLinks(stub);
  return { id: nextId++, text: JSON.stringify(clean, null, 2), stub: clean };
}

export function withText(draft: Draft, text: string): Draft {
  let stub: Stub | undefined;
  try {
    stub = JSON.parse(text) as Stub;
  } catch {
    stub = undefined;
  }
  return { ...draft, text, stub };
}

export const BLANK_STUB: Stub = {
  predicates: [],
  responses: [{ is: { statusCode: 200, body: "" } }],
} as Stub;

/** The editor's list operations, each answering a new list and the index to select. */
export const edits = {
  add: (drafts: Draft[], at: number): [Draft[], number] => {
    const index = Math.min(at + 1, drafts.length);
    return [[...drafts.slice(0, index), draftOf(BLANK_STUB), ...drafts.slice(index)], index];
  },
  duplicate: (drafts: Draft[], at: number): [Draft[], number] => {
    const source = drafts[at];
    if (source === undefined) return [drafts, at];
    const copy = { ...source, id: nextId++ };
    return [[...drafts.slice(0, at + 1), copy, ...drafts.slice(at + 1)], at + 1];
  },
  move: (drafts: Draft[], at: number, by: -1 | 1): [Draft[], number] => {
    const to = at + by;
    const a = drafts[at];
    const b = drafts[to];
    if (a === undefined || b === undefined) return [drafts, at];
    const next = [...drafts];
    next[at] = b;
    next[to] = a;
    return [next, to];
  },
  remove: (drafts: Draft[], at: number): [Draft[], number] => {
    const next = drafts.filter((_, index) => index !== at);
    return [next, Math.min(at, next.length - 1)];
  },
};

/**
 * The stubs to save, or why not: the first draft that is not JSON (the list shows one stub's text, so the
 * user is taken there) or the core's answer for the whole list.
 */
export function stubsToSave(
  drafts: Draft[],
): { ok: true; stubs: Stub[] } | { ok: false; errors: MbError[]; first?: number } {
  const broken = drafts.flatMap((draft, index) => (draft.stub === undefined ? [index] : []));
  if (broken[0] !== undefined) {
    const errors = broken.map(
      (index): MbError => ({
        code: "invalid JSON",
        message: `stub #${index} is not valid JSON`,
      }),
    );
    return { ok: false, errors, first: broken[0] };
  }
  const stubs = drafts.map((draft) => draft.stub) as Stub[];
  const local = validateStubsBody({ stubs }, { allowInjection: true });
  return local.ok ? { ok: true, stubs } : { ok: false, errors: local.errors };
}

/** What a failed call says, in mb's shape: the platform's errors, or one line for a network failure. */
export const errorsOf = (error: unknown, doing: string): MbError[] =>
  error instanceof ApiError ? error.errors : [{ code: "bad data", message: `${doing}: ${error}` }];
