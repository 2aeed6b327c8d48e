import { describe, expect, it } from "vitest";
import { compileOnRe2, compileUserRegex } from "./user-regex.ts";

/**
 * The RE2 translation means what V8 means: each pattern runs on the linear engine (forced) and on V8,
 * and test, exec (whole match and groups) and removal of every match must agree on every input.
 */
const TABLE: Array<[string, string, string[]]> = [
  ["^/a/\\d+$", "", ["/a/42", "/a/", "/a/4x", "x/a/1"]],
  ["\\d+", "", ["abc", "a12b", "٣"]],
  ["^\\w+$", "i", ["Abc_9", "ab-c", "é"]],
  ["\\W", "", ["ab", "a b", "é"]],
  ["\\s", "", ["a b", "a\u00a0b", "a\u2028b", "a\u3000b", "ab", "a\vb", "a\ufeffb"]],
  ["^\\S+$", "", ["ab", "a\u00a0b"]],
  ["^.$", "", ["a", "\n", "\r", "\u2028", "\u2029", "\t"]],
  ["a.c", "", ["abc", "a\nc", "a\rc"]],
  ["[^]", "", ["", "\n"]],
  ["a[]", "", ["a", "a]"]],
  ["^[a-z]+$", "i", ["ABC", "abc", "aBc1"]],
  ["^[^/]+$", "", ["abc", "a/c"]],
  ["[\\d-z]", "", ["-", "5", "z", "y"]],
  ["[\\b]", "", ["\b", "b"]],
  ["\\bfoo\\b", "", ["a foo b", "afoo", "foo"]],
  ["\\Bo", "", ["foo", "o"]],
  ["(a)|(b)", "", ["b", "a", "c"]],
  ["(?<year>\\d{4})-(\\d{2})?", "", ["2024-05", "2024-", "x"]],
  ["(?<$id>\\w)k", "", ["ak", "a"]],
  ["<(.+?)>", "", ["<a><b>", "<>"]],
  ["a{2,3}", "", ["a", "aa", "aaaa"]],
  ["a{2,}?", "", ["aaaa"]],
  ["x{", "", ["x{", "x"]],
  ["a]", "", ["a]"]],
  ["\\x41\\u0042\\/\\.\\0", "", ["AB/.\0", "AB/x\0"]],
  ["\\2(a)", "", ["a", "\u0002a"]],
  ["\\8", "", ["8"]],
  ["\\cJ", "", ["\n"]],
  ["\\c", "", ["\\c", "c"]],
  ["\\q\\p{L}", "", ["qp{L}"]],
  ["^$", "", ["", "a"]],
  ["^ABC", "i", ["abcd", "xabc"]],
  ["json$", "i", ["app/JSON", "json/x"]],
  ["^b", "m", ["a\nb", "ab"]],
  ["a$", "m", ["a\nb", "ba"]],
  ["^(?:ab|a)*c", "", ["ababac", "abab"]],
  ["(x*)*y", "", ["xxxy", "xxx"]],
  ["\\d*", "", ["a1b22"]],
  ["é+", "i", ["ÉÉé", "e"]],
  ["😀", "", ["a😀b", "😀"]],
  ['"sku":\\s*"sku-1"', "i", ['{"SKU": "sku-1"}', '{"sku":"sku-12"}', '{"sku":"sku-2"}']],
];

describe.each(TABLE)("/%s/%s on the linear engine", (source, flags) => {
  const re2 = compileOnRe2(source, flags);
  const native = new RegExp(source, flags);
  const global = new RegExp(source, `${flags}g`);
  const inputs = TABLE.find(([s, f]) => s === source && f === flags)![2];
  it.each(inputs)("agrees with V8 on %j", (input) => {
    expect(re2.test(input)).toBe(native.test(input));
    expect(re2.exec(input)?.slice()).toEqual(native.exec(input)?.slice());
    expect(re2.removeAll(input)).toBe(input.replace(global, ""));
    expect(compileUserRegex(source, flags).test(input)).toBe(native.test(input));
  });
});
