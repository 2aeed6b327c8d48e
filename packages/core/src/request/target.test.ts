import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQueryString } from "./querystring.ts";
import { formatTarget, parseTarget } from "./target.ts";

/** What the fast path must agree with: WHATWG URL, as Mountebank's request reading amounts to. */
function byUrl(url: string): { path: string; search: string } | "unparsable" {
  try {
    const parsed = new URL(url, "http://localhost");
    return { path: parsed.pathname, search: parsed.search.slice(1) };
  } catch {
    return "unparsable";
  }
}

describe("parseTarget", () => {
  it.each([
    "/",
    "/hello",
    "/api/v1/resources/0",
    "/a//b",
    "/tpl/49/search?q=widgets&page=3",
    "/q?",
    "/q?a=1?b=2&c=%41",
    "/a/./b",
    "/a/../b",
    "/a/%2e%2E/b",
    "//host/path",
    "/a\\b",
    "/sp ace?x=a b",
    "/q?quote='x'",
    "/é?ü=1",
    "/a#frag",
    "/a/b.json?x=1.5",
    "/{x}?<y>",
  ])("reads %s as URL does", (url) => {
    expect(parseTarget(url)).toEqual(byUrl(url));
  });

  it("agrees with URL on any target made of path and query characters", () => {
    const char = fc.constantFrom(..."/?.%\\#'\" <>{}|`^[]éa1-_~!$&()*+,;=:@\t2eE".split(""));
    const target = fc.array(char, { maxLength: 24 }).map((chars) => `/${chars.join("")}`);
    const agrees = (url: string) => {
      const expected = byUrl(url);
      fc.pre(expected !== "unparsable"); // `//…` with no host: split by hand, as tested in normalize.test.ts
      expect(parseTarget(url)).toEqual(expected);
    };
    fc.assert(fc.property(target, agrees), { numRuns: 3000 });
  });
});

describe("formatTarget", () => {
  it.each([
    ["/live2", {}, "/live2"],
    ["/live2", { q: "1" }, "/live2?q=1"],
    ["/a", { q: ["1", "2"], b: "x" }, "/a?q=1&q=2&b=x"],
    ["/a", { flag: "" }, "/a?flag="],
    ["/a", { "a b": "c d&e=f" }, "/a?a+b=c+d%26e%3Df"],
    ["/a", { q: "é/ü?#+%" }, "/a?q=%C3%A9%2F%C3%BC%3F%23%2B%25"],
    ["/a", { q: [] }, "/a"],
  ])("%s with %j is %s", (path, query, target) => {
    expect(formatTarget(path, query)).toBe(target);
  });

  it("answers a target whose query parses back to the same query", () => {
    const value = fc.string({ unit: "grapheme" });
    const query = fc.dictionary(value, fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })));
    const roundTrips = (fields: Record<string, string | string[]>) => {
      const { search } = parseTarget(formatTarget("/p", fields));
      expect(JSON.stringify(parseQueryString(search))).toBe(JSON.stringify(fields));
    };
    fc.assert(fc.property(query, roundTrips), { numRuns: 500 });
  });
});
