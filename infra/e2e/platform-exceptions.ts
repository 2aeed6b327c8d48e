import type { Comparable, Expectation } from "@mockctl/differential";

/** A differential case the platform cannot answer as mb does, and what it must answer instead. */
export interface PlatformException {
  why: string;
  /** The platform's documented answer to each request, given mb's (mb's own `expect` is still checked). */
  expected: Expectation;
}

const NO_MATCH: Comparable = { status: 200, headers: {}, body: "" };

/** The platform does not match request #index (it sees the header differently) and agrees with mb elsewhere. */
const noMatchAt =
  (index: number): Expectation =>
  (mb, i) =>
    i === index ? NO_MATCH : mb;

const HEADERS_FOLDED =
  "workerd hands the Worker header names lower-cased and repeated headers comma-joined (README: header names)";

/**
 * Every case run differently on the platform, by name, with its reason. Nothing else is skipped or
 * loosened: the rest of the suite compares the platform with mb under the rules of platform-rules.ts.
 */
export const PLATFORM_EXCEPTIONS: Record<string, PlatformException> = {
  // X-Dup: a and X-Dup: b arrive as one `x-dup: a, b`, which does not equal "b".
  "equals headers against a duplicated header": { why: HEADERS_FOLDED, expected: noMatchAt(0) },
  // X-Case arrives as x-case, so a case-sensitive `exists` on "X-Case" never holds.
  "request header names keep their case for caseSensitive": { why: HEADERS_FOLDED, expected: noMatchAt(0) },
  // X-A: 1 then x-a: 2 arrive as one `x-a: 1, 2`: no last-one-wins, so neither order equals "2".
  "header names differing in case collide, the last one wins": {
    why: HEADERS_FOLDED,
    expected: noMatchAt(0),
  },
};
