// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${TOKEN}" is Mountebank's copy/lookup token syntax, not a template.
import type { ValidationCase } from "./case-types.ts";

const ok = { is: { body: "ok" } };
const stub = (response: Record<string, unknown>, predicates?: unknown[]) => ({
  protocol: "http",
  stubs: [{ ...(predicates ? { predicates } : {}), responses: [response] }],
});
const withBehaviors = (...behaviors: unknown[]) => stub({ is: {}, behaviors });
const copy = (fields: Record<string, unknown>) => ({
  copy: { from: "path", into: "${X}", using: { method: "regex", selector: ".+" }, ...fields },
});
const csv = { path: "/x.csv", keyColumn: "id" };
const lookup = (fields: Record<string, unknown>) => ({
  lookup: {
    key: { from: "path", using: { method: "regex", selector: ".+" } },
    fromDataSource: { csv },
    into: "${R}",
    ...fields,
  },
});
const v = (name: string, imposter: Record<string, unknown>): ValidationCase => ({ name, imposter });
/**
 * mb 2.9.1 answers these 400s with a raw JavaScript error (only `source`, sometimes Node's `code`): no
 * code or message a client could use (reference §1.2, §2.6). We answer a proper `bad data` instead.
 */
const rawError = (
  name: string,
  imposter: Record<string, unknown>,
  opts: { mbCode?: string; message?: string },
): ValidationCase => ({
  name,
  imposter,
  deviation: {
    why: "mb leaks a raw JS error without code or message; we answer bad data",
    mb: { status: 400, errors: [{ code: opts.mbCode, message: undefined }] },
    ours: { status: 400, errors: [{ code: "bad data", ...(opts.message ? { message: opts.message } : {}) }] },
  },
});
const injection = "JavaScript injection is not allowed unless mb is run with the --allowInjection flag";

/**
 * POSTed imposters, compared by status and each error's code and message (reference §1.2, §1.8, §1.9).
 * Left out on purpose: `"stubs": {}` and non-array `responses` or `behaviors`, which crash mb 2.9.1.
 */
export const validationCases: ValidationCase[] = [
  v("a valid imposter is created", stub(ok, [{ equals: { path: "/" } }])),
  // Typed clients (Jackson, Newtonsoft, Go pointers) write null for every unset field: mb takes it as absent.
  v("explicit nulls in the imposter's optional fields", {
    protocol: "http",
    name: null,
    defaultResponse: null,
    recordRequests: null,
    allowCORS: null,
    stubs: [
      {
        predicates: null,
        responses: [{ is: { headers: null, statusCode: null, body: "ok" }, proxy: null, behaviors: null }],
      },
    ],
  }),
  v(
    "explicit nulls in a predicate's options",
    stub(ok, [{ equals: { path: "/" }, caseSensitive: null, except: null }]),
  ),
  v(
    "explicit nulls in a proxy's optional fields",
    stub({
      proxy: {
        to: "http://127.0.0.1:9",
        mode: null,
        addWaitBehavior: null,
        predicateGenerators: [{ matches: { path: true }, caseSensitive: null }],
      },
    }),
  ),
  v("explicit nulls in the defaultResponse", {
    protocol: "http",
    defaultResponse: { headers: null, statusCode: null },
  }),
  v(
    "a valid imposter with every behavior we allow",
    stub({ is: {}, behaviors: [{ wait: 1 }, copy({}), lookup({})] }),
  ),
  {
    name: "the port as a numeric string is accepted",
    imposter: (port) => ({ protocol: "http", port: String(port), stubs: [{ responses: [ok] }] }),
  },
  v("protocol is required", { stubs: [] }),
  v("an unknown protocol", { protocol: "ftp" }),
  v("port 0 is invalid", { protocol: "http", port: 0 }),
  v("port above 65535 is invalid", { protocol: "http", port: 70000 }),
  v("a fractional port is invalid", { protocol: "http", port: 4545.5 }),
  v("a non-numeric port is invalid", { protocol: "http", port: "abc" }),
  v("protocol and port errors together", { protocol: "gopher", port: -1 }),
  v("responses must be non-empty", { protocol: "http", stubs: [{ responses: [] }] }),
  v("responses are required", { protocol: "http", stubs: [{ predicates: [] }] }),
  v("two response types", stub({ is: {}, proxy: { to: "http://localhost:1" } })),
  v("is with fault is two types", stub({ is: {}, fault: "CONNECTION_RESET_BY_PEER" })),
  v("an unrecognized response type", stub({ foo: {} })),
  v("a response inject needs --allowInjection", stub({ inject: "function () { return {}; }" })),
  v("a predicate inject needs --allowInjection", stub(ok, [{ inject: "function () { return true; }" }])),
  v("decorate needs --allowInjection", withBehaviors({ decorate: "function () {}" })),
  v("a string wait counts as injection", withBehaviors({ wait: "100" })),
  v("shellTransform needs --allowInjection", withBehaviors({ shellTransform: "echo" })),
  v("inject and shellTransform both reported", {
    protocol: "http",
    stubs: [{ responses: [{ inject: "function () {}" }, { is: {}, behaviors: [{ shellTransform: "ls" }] }] }],
  }),
  v("wait must not be negative", withBehaviors({ wait: -1 })),
  v("wait must be a number or a string", withBehaviors({ wait: true })),
  v("copy needs from", withBehaviors(copy({ from: undefined }))),
  v("copy from must be a string or an object", withBehaviors(copy({ from: 5 }))),
  v("copy from must have exactly one key", withBehaviors(copy({ from: { query: "a", headers: "b" } }))),
  v("copy needs into", withBehaviors(copy({ into: undefined }))),
  v("copy into must be a string", withBehaviors(copy({ into: 1 }))),
  v("copy needs using", withBehaviors(copy({ using: undefined }))),
  v("copy using method must be known", withBehaviors(copy({ using: { method: "magic", selector: "x" } }))),
  v("copy using needs a selector", withBehaviors(copy({ using: { method: "regex" } }))),
  v("copy with several errors", withBehaviors({ copy: { from: 1, using: { method: 2 } } })),
  v("lookup needs fromDataSource", withBehaviors(lookup({ fromDataSource: undefined }))),
  v("lookup data source must be csv", withBehaviors(lookup({ fromDataSource: { sql: {} } }))),
  v("lookup csv needs keyColumn", withBehaviors(lookup({ fromDataSource: { csv: { path: "/x.csv" } } }))),
  v("lookup key needs using", withBehaviors(lookup({ key: { from: "path" } }))),
  v("an unrecognized behavior", withBehaviors({ foo: 1 })),
  v("one behavior per object", withBehaviors({ wait: 1, copy: copy({}).copy })),
  v("repeat 0 is invalid", stub({ is: {}, repeat: 0 })),
  v("repeat as a negative string is invalid", stub({ is: {}, repeat: "-1" })),
  v("repeat must be a number or string", stub({ is: {}, repeat: true })),
  v("a predicate without an operator", stub(ok, [{ caseSensitive: true }])),
  v("proxy needs to", stub({ proxy: {} })),
  v("proxy to must not have a path", stub({ proxy: { to: "http://localhost:1/x" } })),
  v("a fault alone is valid", stub({ fault: "CONNECTION_RESET_BY_PEER" })),
  v("https is accepted", { protocol: "https", stubs: [{ responses: [ok] }] }),
  v("a port string with a dot is invalid", { protocol: "http", port: "4545.0" }),
  v("legacy _behaviors are validated after the upcast", stub({ is: {}, _behaviors: { wait: -5 } })),
  v("a malformed xpath selector", stub(ok, [{ equals: { body: "x" }, xpath: { selector: "//[" } }])),
  v("a malformed jsonpath selector", stub(ok, [{ equals: { body: "x" }, jsonpath: { selector: "$.[" } }])),
  rawError("an invalid regex in matches", stub(ok, [{ matches: { path: "([a-z" } }]), {}),
  rawError(
    "predicates that are not an array",
    { protocol: "http", stubs: [{ predicates: {}, responses: [ok] }] },
    {
      message: "'predicates' must be an array",
    },
  ),
  rawError("proxy to that is not a URL", stub({ proxy: { to: "not a url" } }), { mbCode: "ERR_INVALID_URL" }),
  v("errors across several stubs", {
    protocol: "http",
    stubs: [{ responses: [{ is: {}, repeat: 0 }] }, { responses: [ok] }, { responses: [] }],
  }),
  {
    name: "inject nested in not needs --allowInjection",
    imposter: stub(ok, [{ not: { inject: "function () { return false; }" } }]),
    deviation: {
      why: "mb only checks top-level predicates (reference §1.9 gate bypass); we walk the whole tree",
      mb: { status: 201, errors: [] },
      ours: { status: 400, errors: [{ code: "invalid injection", message: injection }] },
    },
  },
  {
    name: "a backreference is refused",
    imposter: stub(ok, [{ matches: { path: "^/(\\w+)/\\1$" } }]),
    deviation: {
      why: "every user pattern runs in linear time here (issue 15), which no engine does with a backreference",
      mb: { status: 201, errors: [] },
      ours: {
        status: 400,
        errors: [
          {
            code: "bad data",
            message: "regular expressions run in linear time here, which rules out a backreference",
          },
        ],
      },
    },
  },
  {
    name: "tcp is refused",
    imposter: { protocol: "tcp" },
    deviation: {
      why: "no inbound TCP on Workers (reference §1.11): refused with mb's unsupported-protocol error",
      mb: { status: 201, errors: [] },
      ours: { status: 400, errors: [{ code: "bad data", message: "the tcp protocol is not yet supported" }] },
    },
  },
];
