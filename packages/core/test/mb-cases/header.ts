import type { MbCase } from "./types.ts";
import { OK_RESPONSE, withResponses, withStubs } from "./types.ts";

const notSupported = (protocol: string) => [
  { code: "bad data" as const, message: `the ${protocol} protocol is not yet supported` },
];
const badPort = { code: "bad data" as const, message: "invalid value for 'port'" };

/** Protocol, port and the shape of `stubs` and `responses` (mb's checks before any stub rule). */
export const HEADER_CASES: MbCase[] = [
  { name: "protocol missing", call: "postImposter", body: {} },
  { name: "unknown protocol", call: "postImposter", body: { protocol: "tcp2" } },
  { name: "tcp is refused here", call: "postImposter", body: { protocol: "tcp" }, ours: notSupported("tcp") },
  {
    name: "smtp is refused here",
    call: "postImposter",
    body: { protocol: "smtp" },
    ours: notSupported("smtp"),
  },
  {
    name: "port error comes before protocol error",
    call: "postImposter",
    body: { protocol: "nope", port: 1.5 },
  },
  ...["4903x", 0, 65536, -1, "1.5"].map(
    (port): MbCase => ({
      name: `port ${JSON.stringify(port)}`,
      call: "postImposter",
      body: { protocol: "http", port },
    }),
  ),
  { name: "a numeric string port", call: "postImposter", body: { protocol: "http", port: "2614" } },
  { name: "a numeric port", call: "postImposter", body: { protocol: "https", port: 2614 } },
  {
    name: "port null",
    call: "postImposter",
    body: { protocol: "http", port: null },
    mbCrashes: true,
    ours: [badPort],
  },
  { name: "port true", call: "postImposter", body: { protocol: "http", port: true }, ours: [badPort] },
  { name: "port [2615]", call: "postImposter", body: { protocol: "http", port: [2615] }, ours: [badPort] },
  {
    name: "stubs as an object",
    call: "postImposter",
    body: { protocol: "http", stubs: {} },
    mbCrashes: true,
    ours: [{ code: "bad data", message: "'stubs' must be an array" }],
  },
  { name: "stubs null", call: "postImposter", body: { protocol: "http", stubs: null } },
  withStubs("a stub without responses", [{}]),
  withStubs("empty responses", [{ responses: [] }]),
  withStubs("responses as an object", [{ responses: {} }], {
    mbCrashes: true,
    ours: [{ code: "bad data", message: "'responses' must be a non-empty array", source: { responses: {} } }],
  }),
  withStubs("a null stub", [null], {
    mbCrashes: true,
    ours: [{ code: "bad data", message: "'responses' must be a non-empty array", source: null }],
  }),
  withStubs("a string stub", ["x"]),
  withStubs("errors of every stub, in order", [{ responses: [OK_RESPONSE] }, {}, { responses: [] }]),
  withResponses("no response type", [{}]),
  withResponses("is and proxy", [{ is: {}, proxy: { to: "http://localhost:1" } }]),
  withResponses("is and fault", [{ is: {}, fault: "CONNECTION_RESET_BY_PEER" }]),
  withResponses("is and inject", [{ is: {}, inject: "function () {}" }], { allowInjection: true }),
  withResponses("an unknown response type", [{ foo: {} }]),
  withResponses("is null", [{ is: null }]),
  withResponses("an empty fault", [{ fault: "" }]),
  withResponses("the first bad response only", [OK_RESPONSE, { foo: 1 }, {}]),
  withResponses("a string response", ["x"], {
    // mb reads "x".repeat, String.prototype.repeat, and complains about repeat.
    ours: [{ code: "bad data", message: "unrecognized response type", source: "x" }],
  }),
  withResponses("a null response", [null], {
    mbCrashes: true,
    ours: [{ code: "bad data", message: "unrecognized response type", source: null }],
  }),
  withResponses("a fault", [{ fault: "CONNECTION_RESET_BY_PEER" }]),
  {
    name: "fields mb ignores but the schema refuses",
    call: "postImposter",
    body: { protocol: "http", name: 5, recordRequests: "yes" },
    ours: [
      {
        code: "bad data",
        message: "invalid value for 'name': Invalid input: expected string, received number",
      },
    ],
  },
  {
    name: "a string defaultResponse",
    call: "postImposter",
    body: { protocol: "http", defaultResponse: "x" },
    ours: [
      { message: "invalid value for 'defaultResponse': Invalid input: expected object, received string" },
    ],
  },
  withResponses("a string is", [{ is: "x" }], {
    ours: [
      {
        message:
          "invalid value for 'stubs[0].responses[0].is': Invalid input: expected object, received string",
      },
    ],
  }),
  withResponses("an unknown _mode", [{ is: { _mode: "foo" } }]),
  {
    name: "everything an mb replay file holds",
    call: "postImposter",
    body: {
      protocol: "http",
      port: 2616,
      name: "orders",
      recordRequests: true,
      defaultResponse: { statusCode: 404, headers: { "X-A": "b" }, body: "none" },
      allowCORS: true,
      stubs: [
        {
          predicates: [{ equals: { method: "GET", path: "/a" } }, { exists: { query: { q: true } } }],
          responses: [{ is: { statusCode: 200, headers: { A: ["1", "2"] }, body: { a: 1 }, _mode: "text" } }],
        },
      ],
    },
  },
];
