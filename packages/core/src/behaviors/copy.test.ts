// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Mountebank tokens such as "${T}" are literal text here.
import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import type { Copy } from "../schemas/behavior.ts";
import type { IsResponse } from "../schemas/response.ts";
import { copy } from "./copy.ts";

const regex = (from: Copy["from"], into: string, selector: string): Copy => ({
  from,
  into,
  using: { method: "regex", selector },
});

// The same stubs as imposter 46217 on mb 2.9.1; expected responses are what it answered.
describe("copy", () => {
  it("copies regex matches from the path, a query value and a missing header", () => {
    const request = testRequest({ path: "/regex", query: { code: "201" } });
    let response: IsResponse = {
      statusCode: "${CODE}",
      headers: {
        "X-${NAME}": "${NAME}[1]-${NAME}[2]-${NAME}[3]",
        "X-Miss": "${MISS}",
        "X-Undef": "${UNDEF}",
      },
    };
    response = copy(request, response, regex("path", "${NAME}", "(re)(gex)(y)?"));
    response = copy(request, response, regex({ query: "CODE" }, "${CODE}", "\\d+"));
    response = copy(request, response, regex({ headers: "x-missing" }, "${MISS}", "\\w+"));
    response = copy(request, response, regex({ headers: "x-missing" }, "${UNDEF}", "nomatch"));
    expect(response).toEqual({
      statusCode: "201",
      headers: { "X-Miss": "undefined", "X-Undef": "${UNDEF}", "X-regex": "re-gex-," },
    });
  });

  it("copies every jsonpath value from the body and from a query map", () => {
    const request = testRequest({
      query: { a: ["qa", "qb"] },
      body: '{"v":1,"n":{"v":{"x":[1,2]}},"m":[{"v":null},{"v":"s"}]}',
    });
    let response: IsResponse = { body: "${J} ${J}[1] ${J}[2] ${J}[3] ${J}[4] | ${Q}" };
    response = copy(request, response, {
      from: "body",
      into: "${J}",
      using: { method: "jsonpath", selector: "$..v" },
    });
    response = copy(request, response, {
      from: "query",
      into: "${Q}",
      using: { method: "jsonpath", selector: "$.a" },
    });
    expect(response.body).toBe("1 [object Object] null s 1[4] | qa,qb");
  });

  it("copies xpath node values with namespaces; a count() copies nothing", () => {
    const request = testRequest({
      body: '<r xmlns:b="urn:b"><b:v>one</b:v><b:v at="1">two</b:v><v>no</v></r>',
    });
    const ns = { b: "urn:b" };
    let response: IsResponse = { body: "${X} ${X}[1] ${X}[2] ${C}" };
    response = copy(request, response, {
      from: "body",
      into: "${X}",
      using: { method: "xpath", selector: "//b:v", ns },
    });
    response = copy(request, response, {
      from: "body",
      into: "${C}",
      using: { method: "xpath", selector: "count(//b:v)", ns },
    });
    expect(response.body).toBe("one two one[2] ${C}");
  });

  it("reads fields ignoring case, takes the first of several values, and sees maps as objects", () => {
    const request = testRequest({ path: "/ci", query: { multi: ["m1", "m2"] }, headers: { Host: "h" } });
    let response: IsResponse = { body: "${A}|${B}|${E}" };
    response = copy(request, response, {
      from: "PATH",
      into: "${A}",
      using: { method: "regex", selector: "CI", options: { ignoreCase: true } },
    });
    response = copy(request, response, regex({ query: "Multi" }, "${B}", ".+"));
    response = copy(request, response, regex("headers", "${E}", ".+"));
    expect(response.body).toBe("ci|m1|[object Object]");
  });

  // Issue 15: past MAX_BODY_DEPTH a body is text, not JSON, and holds no XML node (no stack overflow).
  it.each([
    ["jsonpath", `${'{"v":'.repeat(200_000)}1${"}".repeat(200_000)}`, "$.v.v"],
    ["xpath", `${"<v>".repeat(200_000)}${"</v>".repeat(200_000)}`, "//v"],
  ] as const)("copies nothing by %s from a body nested deeper than the limit", (method, body, selector) => {
    const response = copy(
      testRequest({ body }),
      { body: "${V}" },
      {
        from: "body",
        into: "${V}",
        using: { method, selector },
      },
    );
    expect(response.body).toBe("${V}");
  });
});
