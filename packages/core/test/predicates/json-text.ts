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

const numberText = fc.oneof(
  fc.double().map((x) => JSON.stringify(x)),
  fc.constantFrom("-0", "1E+2", "0.0e-0", "1e400", "-1e-400", "01", "1.", ".5", "+1", "1e", "-", "0x1"),
  fc.stringMatching(/^-?\d{0,3}(\.\d{0,2})?([eE][+-]?\d{0,2})?$/),
);

/**
 * Whole JSON documents for the readers that stand in for JSON.parse (readers/json-scan.ts,
 * forced-text.ts): formatted with every kind of JSON whitespace, escapes of every kind, numbers valid
 * and not, duplicate keys, and keys from `names` so that paths find something.
 */
export function jsonDocument(names: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .tuple(fc.jsonValue(), fc.constantFrom(undefined, 1, "\t", "\r\n", " \n"))
      .map(([value, space]) => JSON.stringify(value, null, space)),
    jsonText,
    fc.json(),
    fc.tuple(fc.constantFrom(...names), numberText).map(([key, num]) => `{"${key}":${num}}`),
    fc.string({ unit: "binary" }).map((s) => `{"a":${JSON.stringify(s)},"b":"${s}"}`),
    fc
      .dictionary(fc.constantFrom(...names), fc.jsonValue({ maxDepth: 2 }))
      .map((o) => JSON.stringify({ a: o, b: o })),
    fc
      .array(fc.tuple(fc.constantFrom(...names), fc.jsonValue({ maxDepth: 1 })), { maxLength: 6 })
      .map((members) => `{${members.map(([k, v]) => `"${k}":${JSON.stringify(v)}`).join(",")}}`),
  );
}

/** Texts JSON.parse refuses, each wrong in one place: the readers that stand in for it must too. */
export const INVALID_JSON = [
  "",
  " ",
  "{",
  "{]",
  "[1)",
  "[1}",
  '{"a":1]',
  "(1)",
  '{"a":1,}',
  '{"a":[1,]}',
  '{"a" 1}',
  '{"a":1 "b":2}',
  '{"a";1}',
  "{'a':1}",
  '{"a":01}',
  '{"a":1.}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":1e}',
  '{"a":-}',
  '{"a":tru}',
  '{"a":True}',
  '{"a":"\\x"}',
  '{"a":"\\u12G4"}',
  '{"a":"\t"}',
  '{"a":"x}',
  "\ufeff{}",
  "\u00a0{}",
  "{}\u000b",
  "{} x",
  "{}{}",
  '{"a":1}]',
];

/** Documents after a few edits with the characters that make or break JSON: mostly invalid ones. */
export function mutatedJson(names: readonly string[]): fc.Arbitrary<string> {
  const char = fc.oneof(
    fc.constantFrom(...'{}[]":,\\ 0-1e.tfnu\t\n\u0000\u00a0\ufeffa'),
    fc.constantFrom(..."!#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 1 }),
  );
  // Insert, replace or delete at any position, or swap a structural character for another.
  const edit = fc.tuple(fc.nat(), fc.nat(3), char, fc.constantFrom(...'{}[]":,()<>; '));
  return fc
    .tuple(jsonDocument(names), fc.array(edit, { minLength: 1, maxLength: 2 }))
    .map(([text, edits]) => {
      let out = text;
      for (const [at, kind, char, swap] of edits) {
        const structural = [...out].flatMap((c, i) => ('{}[]":,'.includes(c) ? [i] : []));
        const i =
          kind === 3 ? (structural[at % Math.max(structural.length, 1)] ?? 0) : at % Math.max(out.length, 1);
        const rest = kind === 0 ? out.slice(i) : out.slice(i + 1);
        out = out.slice(0, i) + (kind === 2 ? "" : kind === 3 ? swap : char) + rest;
      }
      return out;
    });
}
