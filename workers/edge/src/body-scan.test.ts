import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type FieldTree, readFieldsOf } from "./body-fields.ts";
import { parsedFields } from "./body-projection.ts";
import { scanFields, UNSCANNED } from "./body-scan.ts";

const byUserId = readFieldsOf(new Map([["user", new Map([["id", true as const]])]]));
const byIdAndUser = readFieldsOf(
  new Map<string, FieldTree | true>([
    ["id", true],
    ["user", true],
  ]),
);

describe("scanFields", () => {
  it.each([
    ["a read string", '{"user":{"id":"u-1","name":"A00001"}}'],
    ["whitespace everywhere", ' {\n\t"user" :\r { "id" : "u-1" } , "at" : [1, {"x": null}] } '],
    ["an absent field", '{"user":{"name":"Ann"}}'],
    ["an absent object", '{"other":true}'],
    ["a read object that is a scalar", '{"user":"u-1"}'],
    ["numbers", '{"user":{"id":-0}}'],
    ["an overflowing number", '{"user":{"id":1e999}}'],
    ["an exponent", '{"user":{"id":-12.5E+3}}'],
    ["literals", '{"user":{"id":false}}'],
    ["null", '{"user":{"id":null}}'],
    ["a name repeated, the last kept", '{"user":{"id":"u-1","id":"u-2"}}'],
    ["two names that fold to one", '{"user":{"id":"u-1","ID":"u-2"}}'],
    ["a name sent in capitals", '{"USER":{"Id":"u-1"}}'],
    ["an empty object", "{}"],
  ])("keys %s as the parse does", (_, body) => {
    const scanned = scanFields(byUserId, body);
    expect(scanned).not.toBe(UNSCANNED);
    expect(scanned).toBe(parsedFields(byUserId, body));
  });

  it.each([
    ["a read value that is an array", '{"user":[{"id":"u-1"}]}', byUserId],
    ["a read value that is an object", '{"id":1,"user":{"id":"u-1"}}', byIdAndUser],
    ["an escape", '{"user":{"id":"u-\\"1"}}', byUserId],
    ["a truncated body", '{"user":{"id":"u-1"}', byUserId],
    ["a control character in a string", '{"user":{"id":"u-\n1"}}', byUserId],
    ["a trailing comma", '{"user":{"id":"u-1"},}', byUserId],
    ["a leading zero", '{"user":{"id":01}}', byUserId],
    ["text after the body", '{"user":{"id":"u-1"}} x', byUserId],
    ["nesting past the scan's depth", `{"a":${"[".repeat(40)}${"]".repeat(40)}}`, byUserId],
  ])("leaves %s to the parse", (_, body, fields) => {
    expect(scanFields(fields, body)).toBe(UNSCANNED);
  });
});

const names = ["id", "ID", "Id", "user", "User", "a", "b"];
const scalar = fc.oneof(
  fc.constantFrom(true, false, null, 0, -0, 1e21, 0.1, -7, 123456789012345680000),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.stringMatching(/^[a-zA-Z0-9 _\-ΑΣσé😀]{0,8}$/u),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...names), tie("value")), { maxLength: 4 }).map(asObjectText),
  ),
}));
/** An object as text, so that names may repeat as a sent body's can. */
function asObjectText(members: [string, unknown][]): { text: string } {
  return { text: `{${members.map(([name, one]) => `${JSON.stringify(name)}:${textOf(one)}`).join(",")}}` };
}
function textOf(one: unknown): string {
  if (one !== null && typeof one === "object" && "text" in one) return (one as { text: string }).text;
  if (Array.isArray(one)) return `[${one.map(textOf).join(", ")}]`;
  return Object.is(one, -0) ? "-0" : JSON.stringify(one);
}
const tree: fc.Arbitrary<FieldTree> = fc
  .array(
    fc.tuple(fc.constantFrom("id", "user", "a"), fc.oneof(fc.constant(true as const), fc.constant("inner"))),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map(
    (pairs) => new Map(pairs.map(([name, kind]) => [name, kind === true ? true : new Map([["id", true]])])),
  );
const body = fc
  .array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 5 })
  .map((members) => asObjectText(members).text);
const broken = fc
  .tuple(body, fc.nat(), fc.constantFrom("", ",", "}", '"', "1", " "))
  .map(([text, at, put]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + put + text.slice(i + 1);
  });

describe("scanFields against the parse", () => {
  it("gives the parse's key for every body it reads, and reads most of them", () => {
    let read = 0;
    let tried = 0;
    fc.assert(
      fc.property(tree, fc.oneof(body, broken), (fieldTree, text) => {
        if (text.includes("\\") || !text.trimStart().startsWith("{")) return;
        const fields = readFieldsOf(fieldTree);
        const scanned = scanFields(fields, text);
        tried++;
        if (scanned === UNSCANNED) return;
        read++;
        expect(scanned).toBe(parsedFields(fields, text));
      }),
      { numRuns: 3_000 },
    );
    expect(read / tried).toBeGreaterThan(0.3);
  });
});
