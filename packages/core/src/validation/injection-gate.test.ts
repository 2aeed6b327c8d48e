import { describe, expect, it } from "vitest";
import {
  INJECTION_NOT_ALLOWED,
  imposterInjectionErrors,
  SHELL_NOT_ALLOWED,
  SHELL_UNSUPPORTED,
  stubInjectionErrors,
} from "./injection-gate.ts";

const is = { is: {} };
const withPredicates = (predicates: unknown[]) => ({ predicates, responses: [is] });
const withResponse = (response: unknown) => ({ responses: [response] });
let deep: Record<string, unknown> = { inject: "x" };
for (let i = 0; i < 30; i++) deep = i % 2 ? { not: deep } : { and: [{ equals: {} }, deep] };

// mb's own cases are in mb-compat.test.ts; these pin the edges of what counts as code.
describe("the injection gate", () => {
  it.each([
    ["a predicate inject", withPredicates([{ inject: "x" }]), true],
    ["an empty predicate inject, which mb lets through", withPredicates([{ inject: "" }]), true],
    ["an inject beside another operator", withPredicates([{ equals: { path: "/" }, inject: "x" }]), true],
    ["an inject 30 levels down", withPredicates([deep]), true],
    ["no inject anywhere", withPredicates([{ or: [{ not: { equals: {} } }] }]), false],
    ["an empty response inject (mb: not code)", withResponse({ inject: "" }), false],
    ["a decorate of any value", withResponse({ is: {}, behaviors: [{ decorate: null }] }), true],
    ["an empty string wait", withResponse({ is: {}, behaviors: [{ wait: "" }] }), true],
    ["a numeric wait", withResponse({ is: {}, behaviors: [{ wait: 5 }] }), false],
    [
      "an empty addDecorateBehavior",
      withResponse({ proxy: { to: "http://x", addDecorateBehavior: "" } }),
      false,
    ],
    [
      "an empty generator inject",
      withResponse({ proxy: { to: "http://x", predicateGenerators: [{ inject: "" }] } }),
      false,
    ],
    [
      "malformed shapes",
      { predicates: {}, responses: [null, { behaviors: {} }, { proxy: { predicateGenerators: {} } }] },
      false,
    ],
  ])("%s: gated %s", (_name, stub, gated) => {
    const messages = stubInjectionErrors(stub, false).map((error) => error.message);
    expect(messages).toEqual(gated ? [INJECTION_NOT_ALLOWED] : []);
    expect(stubInjectionErrors(stub, true)).toEqual([]);
  });

  it("always refuses shellTransform, with mb's message only when injection is off", () => {
    const stub = withResponse({ is: {}, behaviors: [{ shellTransform: "echo" }, { decorate: "x" }] });
    expect(stubInjectionErrors(stub, false).map((e) => [e.code, e.message])).toEqual([
      ["invalid injection", INJECTION_NOT_ALLOWED],
      ["invalid injection", SHELL_NOT_ALLOWED],
    ]);
    expect(stubInjectionErrors(stub, true)).toEqual([
      { code: "invalid injection", message: SHELL_UNSUPPORTED, source: stub },
    ]);
  });

  it("gates endOfRequestResolver.inject as mb does, whatever the protocol", () => {
    const resolver = { inject: "x" };
    expect(imposterInjectionErrors({ endOfRequestResolver: resolver }, false)).toEqual([
      { code: "invalid injection", message: INJECTION_NOT_ALLOWED, source: resolver },
    ]);
    expect(imposterInjectionErrors({ endOfRequestResolver: resolver }, true)).toEqual([]);
    expect(imposterInjectionErrors({ endOfRequestResolver: {} }, false)).toEqual([]);
  });
});
