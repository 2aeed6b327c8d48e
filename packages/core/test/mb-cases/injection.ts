import { SHELL_UNSUPPORTED } from "../../src/validation/injection-gate.ts";
import type { MbCase } from "./types.ts";
import { OK_RESPONSE, withResponses, withStubs } from "./types.ts";

const fn = "function (config) { return true; }";
const gate = (source: unknown) => [
  {
    code: "invalid injection" as const,
    message: "JavaScript injection is not allowed unless mb is run with the --allowInjection flag",
    source,
  },
];
const nested = (predicates: unknown[]) => ({ predicates, responses: [OK_RESPONSE] });
const shellStub = { responses: [{ is: {}, behaviors: [{ shellTransform: "echo" }] }] };

/** The --allowInjection gate: mb's, plus the whole predicate tree and a permanent no to shellTransform. */
export const INJECTION_CASES: MbCase[] = [
  withStubs("a top-level predicate inject", [nested([{ inject: fn }])]),
  withStubs("an inject nested in or", [nested([{ or: [{ equals: { path: "/" } }, { inject: fn }] }])], {
    ours: gate(nested([{ or: [{ equals: { path: "/" } }, { inject: fn }] }])),
  }),
  withStubs("an inject nested in not and and", [nested([{ not: { and: [{ inject: fn }] } }])], {
    ours: gate(nested([{ not: { and: [{ inject: fn }] } }])),
  }),
  withStubs("a nested inject with injection allowed", [nested([{ not: { inject: fn } }])], {
    allowInjection: true,
  }),
  withResponses("a response inject", [{ inject: fn }]),
  withResponses("a wait function", [{ is: {}, behaviors: [{ wait: "function () { return 1; }" }] }]),
  withResponses('a numeric string wait still counts ("100")', [{ is: {}, behaviors: [{ wait: "100" }] }]),
  withResponses("a decorate", [{ is: {}, behaviors: [{ decorate: "function () {}" }] }]),
  withResponses("a shellTransform", [{ is: {}, behaviors: [{ shellTransform: "echo" }] }]),
  withResponses("shellTransform and decorate in one object", [
    { is: {}, behaviors: [{ shellTransform: "echo", decorate: "x" }] },
  ]),
  withResponses("a predicateGenerator inject", [
    { proxy: { to: "http://localhost:1", predicateGenerators: [{ inject: "x" }] } },
  ]),
  withResponses("proxy addDecorateBehavior", [
    { proxy: { to: "http://localhost:1", addDecorateBehavior: "x" } },
  ]),
  withStubs("the gate reports each stub", [
    { responses: [OK_RESPONSE] },
    { responses: [{ inject: fn }] },
    nested([{ inject: fn }]),
  ]),
  {
    name: "an endOfRequestResolver inject",
    call: "postImposter",
    body: { protocol: "http", endOfRequestResolver: { inject: "x" } },
  },
  {
    name: "the imposter's injection error first, then the stubs' errors from last to first",
    call: "postImposter",
    body: {
      protocol: "http",
      endOfRequestResolver: { inject: "x" },
      stubs: [{ responses: [{ inject: fn }] }, { responses: [] }, { responses: [OK_RESPONSE] }, {}],
    },
  },
  withResponses("a response inject with injection allowed", [{ inject: fn }], { allowInjection: true }),
  withResponses(
    "a wait function with injection allowed",
    [{ is: {}, behaviors: [{ wait: "function () { return 1; }" }] }],
    {
      allowInjection: true,
    },
  ),
  withStubs("shellTransform with injection allowed", [shellStub], {
    allowInjection: true,
    ours: [{ code: "invalid injection", message: SHELL_UNSUPPORTED, source: shellStub }],
  }),
  withResponses(
    "a predicateGenerator inject with injection allowed",
    [{ proxy: { to: "http://localhost:1", predicateGenerators: [{ inject: "x" }] } }],
    // mb runs the generator on its test request and reports the ReferenceError; user code never runs here.
    { allowInjection: true, ours: "ok" },
  ),
];
