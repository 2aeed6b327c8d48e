import fc from "fast-check";

/**
 * Nested JSON bodies and `equals` expectations on them, for the index-vs-oracle property test of the
 * `bodyPath` dimension (src/compiler/body-path.ts). Both draw on a few names so that expected paths
 * often exist in the request, next to every shape the request walk must model or refuse to judge:
 * objects in objects, arrays, JSON held in a string, null, falsy scalars, missing paths, names that
 * differ in case, inherited names and `__proto__`.
 */

const NAMES = ["user", "User", "id", "a", "length", "__proto__"];
const LEAVES = ["x", "X", "1", "", "null", 1, 0, true, false, null];

/** Own properties only (Object.fromEntries), so a `__proto__` name reaches the JSON text. */
const objectOf = <T>(entry: fc.Arbitrary<[string, T]>, minLength: number) =>
  fc.array(entry, { minLength, maxLength: 3 }).map((entries) => Object.fromEntries(entries));

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 3, arbitrary: fc.constantFrom(...LEAVES) },
    { weight: 3, arbitrary: objectOf(fc.tuple(fc.constantFrom(...NAMES), tie("value")), 0) },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 2 }) },
    { weight: 1, arbitrary: tie("value").map((inner) => JSON.stringify(inner)) },
  ),
}));

/** A request body: mostly a JSON object whose fields nest, sometimes any JSON value. */
export const nestedBodyText: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 4, arbitrary: objectOf(fc.tuple(fc.constantFrom(...NAMES), value), 1) },
    { weight: 1, arbitrary: value },
  )
  .map((body) => JSON.stringify(body));

const { expected } = fc.letrec<{ expected: unknown }>((tie) => ({
  expected: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 4, arbitrary: fc.constantFrom("x", "X", "1", "", 1, true) },
    { weight: 3, arbitrary: objectOf(fc.tuple(fc.constantFrom(...NAMES), tie("expected")), 1) },
    { weight: 1, arbitrary: fc.constantFrom(null, ["x"], {}) },
  ),
}));

/** An `equals` body expectation with at least one nested object. */
export const nestedBodyExpectation: fc.Arbitrary<Record<string, unknown>> = objectOf(
  fc.tuple(
    fc.constantFrom(...NAMES),
    fc.oneof(objectOf(fc.tuple(fc.constantFrom(...NAMES), expected), 1), expected),
  ),
  1,
);

/** Stand-ins for a value the walk must model: falsy, scalar, null, text, JSON `null` text. */
const REPLACEMENTS: readonly unknown[] = [null, 0, "", false, 5, "plain", "null", "[1]", "x", 1];

/**
 * A request body built from an expectation by random edits, so that hits and near misses are common:
 * each value may be kept, wrapped in an array (alone or after another element of its kind), turned into JSON text,
 * dropped, replaced (REPLACEMENTS), put behind a `__proto__` key, or have its names upper-cased.
 */
export function nearBody(expected: unknown, choices: readonly number[]): string {
  let next = 0;
  const choose = (): number => choices[next++ % choices.length] ?? 0;
  const edit = (value: unknown): unknown => {
    const inner =
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => field(k, edit(v))))
        : value;
    const c = choose();
    if (c < 8) return inner;
    if (c === 8) return [inner];
    if (c === 9) return [typeof inner === "object" ? { id: "other" } : "other", inner];
    if (c === 10) return JSON.stringify(inner);
    if (c === 11) return Object.fromEntries([["__proto__", inner]]);
    if (c === 12) return undefined;
    return REPLACEMENTS[c - 13] ?? inner;
  };
  const field = (name: string, value: unknown): Array<[string, unknown]> =>
    value === undefined ? [] : [[choose() === 0 ? name.toUpperCase() : name, value]];
  return JSON.stringify(edit(expected)) ?? "";
}

/** Choices for nearBody: mostly "keep" (0–7), each edit now and then. */
export const edits = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.nat({ max: 7 }) },
    { weight: 2, arbitrary: fc.integer({ min: 8, max: 12 + REPLACEMENTS.length }) },
  ),
  { minLength: 8, maxLength: 24 },
);
