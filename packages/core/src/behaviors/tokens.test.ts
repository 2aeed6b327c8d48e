// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Mountebank tokens such as "${T}" are literal text here.
import { describe, expect, it } from "vitest";
import { replaceColumnTokens, replaceEverywhere, replaceIndexedTokens } from "./tokens.ts";

describe("replaceIndexedTokens", () => {
  // mb 2.9.1 (imposter 46217): copy from path "/regex" with (re)(gex)(y)? gives ["regex","re","gex",undefined].
  it("replaces indexed then bare tokens in every value and key, moving renamed keys last", () => {
    const response = {
      headers: { "X-${N}": "${N}[1]-${N}[2]-${N}[3]", "X-Undef": "${U}" },
      body: { first: "${N}", "${N}[1]": "renamed", z: ["${N}[0]", 1, { "${N}[1]": "${N}[1]" }], after: "x" },
    };
    replaceIndexedTokens(response, "${N}", ["regex", "re", "gex", undefined]);
    expect(JSON.stringify(response)).toBe(
      JSON.stringify({
        headers: { "X-Undef": "${U}", "X-regex": "re-gex-," },
        body: { first: "regex", z: ["regex", 1, { re: "re" }], after: "x", re: "renamed" },
      }),
    );
  });

  // mb 2.9.1: jsonpath $..v over {"v":1,"n":{"v":{"x":[1,2]}},"m":[{"v":null},{"v":"s"}]}.
  it("stringifies non-string values as Array#join does, and leaves out-of-range indexes to the bare token", () => {
    const response = { body: "${J} ${J}[1] ${J}[2] ${J}[3] ${J}[4] | ${Q}" };
    replaceIndexedTokens(response, "${J}", [1, { x: [1, 2] }, null, "s"]);
    replaceIndexedTokens(response, "${Q}", [["qa", "qb"]]);
    expect(response.body).toBe("1 [object Object] null s 1[4] | qa,qb");
  });

  it("leaves every token when nothing was selected", () => {
    const response = { body: "${T} ${T}[0]" };
    replaceIndexedTokens(response, "${T}", []);
    expect(response.body).toBe("${T} ${T}[0]");
  });

  it("leaves numbers and booleans alone", () => {
    const response = { statusCode: 200, body: { n: 1, b: true, s: "${T}" } };
    replaceIndexedTokens(response, "${T}", ["x"]);
    expect(response).toEqual({ statusCode: 200, body: { n: 1, b: true, s: "x" } });
  });
});

describe("replaceColumnTokens", () => {
  // mb 2.9.1 (imposter 46218): columns are replaced in header order, each in its three spellings.
  it("replaces ${T}[\"col\"], ${T}['col'] and ${T}[col], column by column", () => {
    const response = {
      body: '${R}["age"] ${R}[\'full name\'] ${R}[name] ${R}["${R}[age]"]',
      headers: { "X-${R}[age]": "y" },
    };
    replaceColumnTokens(response, "${R}", { name: "bob", age: "40", "full name": "Bob, B" });
    expect(response).toEqual({ body: '40 Bob, B bob ${R}["40"]', headers: { "X-40": "y" } });
  });

  it("does nothing for an empty row", () => {
    const response = { body: "${R}[a]" };
    replaceColumnTokens(response, "${R}", {});
    expect(response.body).toBe("${R}[a]");
  });
});

describe("replaceEverywhere", () => {
  it("lets a renamed key overwrite an existing one", () => {
    const target: Record<string, unknown> = { "a${T}": 1, a: 2 };
    replaceEverywhere(target, (text) => text.split("${T}").join(""));
    expect(target).toEqual({ a: 1 });
  });
});
