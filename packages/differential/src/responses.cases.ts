import { type CaseRequest, type ExchangeCase, get } from "./case-types.ts";

const one = (name: string, response: unknown, extra: Record<string, unknown> = {}): ExchangeCase => ({
  name,
  imposter: { stubs: [{ responses: [response] }], ...extra },
  requests: [get("/")],
});

const times = (n: number, req: CaseRequest = get("/")): CaseRequest[] => Array.from({ length: n }, () => req);
const bodies = (...values: string[]): CaseRequest[] =>
  values.map((body) => ({ ...get("/"), expect: { body } }));

const preflight = (headers: Array<[string, string]>): CaseRequest => ({
  method: "OPTIONS",
  path: "/",
  headers,
});
const corsHeaders: Array<[string, string]> = [
  ["Origin", "http://example.com"],
  ["Access-Control-Request-Method", "PUT"],
  ["Access-Control-Request-Headers", "X-Custom, Content-Type"],
];

/** `is` post-processing, defaultResponse, cycling and repeat, CORS preflight (reference §1.6–1.7). */
export const responseCases: ExchangeCase[] = [
  {
    name: "no stubs: 200 and an empty body",
    imposter: {},
    requests: [{ ...get("/"), expect: { status: 200, body: "" } }],
  },
  {
    name: "no match uses defaultResponse",
    imposter: {
      defaultResponse: { statusCode: 404, body: "nope", headers: { "X-Default": "yes" } },
      stubs: [{ predicates: [{ equals: { path: "/hit" } }], responses: [{ is: { body: "hit" } }] }],
    },
    requests: [
      { ...get("/miss"), expect: { status: 404, body: "nope" } },
      { ...get("/hit"), expect: { status: 404, body: "hit" } },
    ],
  },
  one(
    "a stub body fills in around defaultResponse",
    { is: { body: "mine" } },
    {
      defaultResponse: { statusCode: 202, headers: { "X-From": "default" }, body: "theirs" },
    },
  ),
  one(
    "stub headers replace default headers",
    { is: { headers: { "X-Stub": "1" } } },
    {
      defaultResponse: { headers: { "X-Default": "1", "Content-Type": "text/plain" } },
    },
  ),
  one(
    "empty stub headers still replace default headers",
    { is: { headers: {}, body: "b" } },
    {
      defaultResponse: { headers: { "X-Default": "1" } },
    },
  ),
  one(
    "an empty body falls back to the default body",
    { is: { statusCode: 201, body: "" } },
    {
      defaultResponse: { body: "default body" },
    },
  ),
  one("body 0 is falsy and becomes empty", { is: { body: 0 } }),
  one(
    "body false is falsy and falls back",
    { is: { body: false } },
    { defaultResponse: { body: "fallback" } },
  ),
  one("a number body is written as text", { is: { body: 42 } }),
  one("a boolean true body is written as text", { is: { body: true } }),
  one(
    "is {} takes everything from the default",
    { is: {} },
    {
      defaultResponse: { statusCode: 418, body: "teapot", headers: { "X-T": "pot" } },
    },
  ),
  one("statusCode as a string", { is: { statusCode: "201", body: "created" } }),
  one(
    "statusCode string in defaultResponse",
    { is: { body: "x" } },
    { defaultResponse: { statusCode: "404" } },
  ),
  one("statusCode 0 falls back to 200", { is: { statusCode: 0 } }),
  one("an object body is 4-space JSON", { is: { body: { a: 1, b: [1, 2], c: { d: "é" } } } }),
  one("an array body is 4-space JSON", { is: { body: [1, { a: "x" }] } }),
  one("an object body adds no Content-Type", { is: { headers: { "X-Only": "1" }, body: { ok: true } } }),
  one(
    "a defaultResponse object body",
    { is: { statusCode: 500 } },
    { defaultResponse: { body: { error: "e" } } },
  ),
  one("binary mode decodes base64", { is: { body: "SGVsbG8sIHdvcmxkIQ==", _mode: "binary" } }),
  one("binary mode strips non-base64 characters", {
    is: { body: "SGVs\nbG8s IHdv\r\ncmxk!IQ==", _mode: "binary" },
  }),
  one("binary mode with bytes that are not UTF-8", { is: { body: "/wD+AQ==", _mode: "binary" } }),
  one("binary mode from defaultResponse", { is: { body: "AAEC" } }, { defaultResponse: { _mode: "binary" } }),
  one("text mode writes the string as UTF-8", { is: { body: "héllo ✓", _mode: "text" } }),
  one("a _mode other than exactly binary is text", { is: { body: "SGk=", _mode: "BINARY" } }),
  one(
    "an unknown _mode from defaultResponse is text",
    { is: { body: "SGk=" } },
    { defaultResponse: { _mode: "raw" } },
  ),
  one("Content-Length is recomputed", { is: { headers: { "Content-Length": "999" }, body: "hello" } }),
  one("Content-Length counts UTF-8 bytes", { is: { headers: { "content-length": 1 }, body: "héllo ✓" } }),
  one("Content-Length of a binary body", {
    is: { headers: { "Content-Length": 1 }, body: "AAECAw==", _mode: "binary" },
  }),
  one("Content-Length of a JSON body", { is: { headers: { "Content-Length": 0 }, body: { k: "v" } } }),
  one(
    "Content-Length from defaultResponse headers",
    { is: { body: "abc" } },
    {
      defaultResponse: { headers: { "Content-Length": 100 } },
    },
  ),
  one("a header array becomes several header lines", { is: { headers: { "Set-Cookie": ["a=1", "b=2"] } } }),
  one("a number header value", { is: { headers: { "X-Count": 5 } } }),
  one("header names keep no special case", {
    is: { headers: { "X-CuStOm-NaMe": "v", "content-type": "a/b" } },
  }),
  one("binary mode with an object body", { is: { body: { a: "QUJD" }, _mode: "binary" } }),
  one(
    "null is fields fall back to the defaultResponse",
    { is: { headers: null, statusCode: null, _mode: null, body: "ok" }, behaviors: null },
    {
      defaultResponse: { statusCode: 201, headers: { "X-Default": "yes" } },
      name: null,
      recordRequests: null,
    },
  ),
  // What mb's proxy saves from a compressing origin: the compressed bytes with their Content-Encoding, sent
  // back as they are (the client decodes them once), to a client that accepts compression.
  ...(
    [
      ["gzip", "H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAA==", "binary"],
      ["br", "CwKAaGVsbG8D", "binary"],
      ["gzip", "hello", "text"],
    ] as const
  ).map(([encoding, body, mode]) => ({
    name: `a ${mode} body with Content-Encoding ${encoding} is sent as it is`,
    imposter: {
      stubs: [{ responses: [{ is: { headers: { "Content-Encoding": encoding }, body, _mode: mode } }] }],
    },
    requests: [get("/", [["Accept-Encoding", "gzip, deflate, br"]])],
  })),
  {
    name: "a HEAD request gets headers but no body",
    imposter: { stubs: [{ responses: [{ is: { headers: { "Content-Length": 1 }, body: "abc" } }] }] },
    requests: [{ method: "HEAD", path: "/" }],
  },
  one("a 204 drops its body", { is: { statusCode: 204, body: "ignored" } }),
  one("a non-standard status code", { is: { statusCode: 599, body: "odd" } }),
  one("a boolean and an empty header value", { is: { headers: { "X-Bool": true, "X-Empty": "" } } }),
  one("unknown fields of is are ignored", { is: { body: "b", extra: { nested: 1 } } }),
  one("an unknown fault with behaviors still answers", { fault: "NOT_A_FAULT", behaviors: [{ wait: 1 }] }),
  one(
    "an unknown fault serves the default response",
    { fault: "NOT_A_FAULT" },
    {
      defaultResponse: { statusCode: 503, body: "down" },
    },
  ),
  {
    name: "responses cycle in order",
    imposter: {
      stubs: [{ responses: [{ is: { body: "a" } }, { is: { body: "b" } }, { is: { body: "c" } }] }],
    },
    requests: bodies("a", "b", "c", "a", "b"),
  },
  {
    name: "repeat keeps a response several times",
    imposter: { stubs: [{ responses: [{ is: { body: "a" }, repeat: 2 }, { is: { body: "b" } }] }] },
    requests: bodies("a", "a", "b", "a", "a", "b"),
  },
  {
    name: "repeat as a string",
    imposter: { stubs: [{ responses: [{ is: { body: "a" }, repeat: "2" }, { is: { body: "b" } }] }] },
    requests: bodies("a", "a", "b", "a"),
  },
  {
    name: "each stub cycles on its own",
    imposter: {
      stubs: [
        {
          predicates: [{ equals: { path: "/x" } }],
          responses: [{ is: { body: "x1" } }, { is: { body: "x2" } }],
        },
        {
          predicates: [{ equals: { path: "/y" } }],
          responses: [{ is: { body: "y1" } }, { is: { body: "y2" } }],
        },
      ],
    },
    requests: [get("/x"), get("/y"), get("/y"), get("/nomatch"), get("/x"), get("/y"), get("/x")],
  },
  {
    name: "cycling with statuses and headers",
    imposter: {
      stubs: [
        {
          responses: [
            { is: { statusCode: 500, headers: { "Retry-After": "1" } }, repeat: 2 },
            { is: { statusCode: 200, body: { ok: true } } },
          ],
        },
      ],
    },
    requests: times(4),
  },
  {
    name: "allowCORS answers a preflight",
    imposter: { allowCORS: true },
    requests: [preflight(corsHeaders), preflight(corsHeaders.slice(0, 2)), { ...get("/", corsHeaders) }],
  },
  {
    name: "allowCORS echo merges into a matching stub's headers",
    imposter: {
      allowCORS: true,
      stubs: [{ responses: [{ is: { statusCode: 204, headers: { "X-Stub": "s" } } }] }],
    },
    requests: [preflight(corsHeaders), preflight([["origin", "http://a"], ...corsHeaders.slice(1)])],
  },
  {
    name: "without allowCORS a preflight gets no CORS headers",
    imposter: {},
    requests: [preflight(corsHeaders)],
  },
];
