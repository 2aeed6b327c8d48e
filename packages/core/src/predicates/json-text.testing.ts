import fc from "fast-check";

/**
 * JSON texts for property tests of the body folds, biased towards what makes folding differ: keys
 * that collide once lower-cased, `__proto__` written plainly, in upper case or as escapes, `\u`
 * escapes of capitals, capital sigma and dotted I (which lower-case to other lengths), literals that
 * are only JSON once lower-cased, duplicate keys and nested arrays.
 */
const KEYS = [
  "a",
  "A",
  "b",
  "id",
  "Id",
  "__proto__",
  "__PROTO__",
  "\\u005f_proto__",
  "1",
  "01",
  "toJSON",
  "ΣΑ",
];
const STRINGS = [
  "x",
  "X",
  "Web",
  "o-1",
  "\\u0041",
  "\\u00c9t\\u00e9",
  "\\n",
  '\\"q\\"',
  "ΑΣ",
  "İ",
  "ß",
  "😀",
  "",
];
const LITERALS = ["1", "-0", "2.5e3", "1E2", "true", "false", "null", "TRUE", "Null", "1e400"];
const SPACE = ["", " ", "\n", "\t"];

const space = fc.constantFrom(...SPACE);

export const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(...LITERALS),
    fc.constantFrom(...STRINGS).map((s) => `"${s}"`),
    fc
      .array(fc.tuple(space, tie("value")), { maxLength: 4 })
      .map((items) => `[${items.map(([pad, value]) => pad + value).join(",")}]`),
    fc
      .array(fc.tuple(fc.constantFrom(...KEYS), space, tie("value")), { maxLength: 4 })
      .map((members) => `{${members.map(([key, pad, value]) => `"${key}":${pad}${value}`).join(",")}}`),
  ),
})).value;

/** JSON texts, lower-cased texts (as the default fold hands them over), and arbitrary strings. */
export const bodyText: fc.Arbitrary<string> = fc.oneof(
  jsonText,
  jsonText.map((text) => text.toLowerCase()),
  fc.string({ unit: fc.constantFrom(...'{}[]":,aA1 \\u_') }),
  fc.string({ unit: "binary" }),
);

/**
 * Whether two trees are the same in every way the evaluator can observe: types, own keys in order,
 * values, and prototypes (a rebuilt `__proto__` key becomes one).
 */
export function sameTree(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const protoA: unknown = Object.getPrototypeOf(a);
  const protoB: unknown = Object.getPrototypeOf(b);
  const standard = (proto: unknown) => proto === Object.prototype || proto === Array.prototype;
  if (standard(protoA) || standard(protoB) ? protoA !== protoB : !sameTree(protoA, protoB)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key, i) =>
      key === keysB[i] && sameTree((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
