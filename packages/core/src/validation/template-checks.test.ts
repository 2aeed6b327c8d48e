import { describe, expect, it } from "vitest";
import { INJECTION_NOT_ALLOWED } from "./injection-gate.ts";
import { validateImposter } from "./validate-imposter.ts";

const imposter = (is: Record<string, unknown>) => ({
  protocol: "http",
  port: 4545,
  stubs: [{ responses: [{ is }] }],
});
const errorsOf = (is: Record<string, unknown>, allowInjection = true) => {
  const result = validateImposter(imposter(is), { allowInjection });
  return result.ok ? [] : result.errors;
};

describe("templated responses when an imposter is saved", () => {
  it("accepts a template that compiles", () => {
    expect(errorsOf({ _template: "eta", body: "<%= it.request.path %>" })).toEqual([]);
  });

  it.each([
    [
      "an unclosed tag",
      { body: "a\n<%= x" },
      "the template in is.body does not compile: line 2: unclosed tag",
    ],
    [
      "a syntax error in a header",
      { headers: { location: "<%= it.( %>" } },
      "the template in is.headers.location does not compile: line 1: Unexpected token",
    ],
    ["an unknown engine", { _template: "ejs", body: "x" }, `'is._template' must be one of "eta", not "ejs"`],
  ])("refuses %s with mb's bad data envelope", (_name, is, message) => {
    const response = { _template: "eta", ...is };
    expect(errorsOf(response)).toEqual([{ code: "bad data", message, source: { is: response } }]);
  });

  it("needs --allowInjection, since a template is JavaScript", () => {
    const errors = errorsOf({ _template: "eta", body: "<%= 1 %>" }, false);
    expect(errors).toMatchObject([{ code: "invalid injection", message: INJECTION_NOT_ALLOWED }]);
  });

  it("keeps _template in the saved definition", () => {
    const result = validateImposter(imposter({ _template: "eta", body: "<%= 1 %>" }), {
      allowInjection: true,
    });
    expect(result.ok && result.value.stubs?.[0]?.responses[0]?.is).toEqual({
      _template: "eta",
      body: "<%= 1 %>",
    });
  });
});
