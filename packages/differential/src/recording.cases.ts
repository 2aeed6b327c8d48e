import { type ExchangeCase, get } from "./case-types.ts";

const auth: Array<[string, string]> = [
  ["Authorization", "Bearer t"],
  ["X-Trace", "abc"],
];

/**
 * mb's verification set-up: an imposter that records (`recordRequests`), then a test that reads
 * `GET /imposters/:id` and asserts on `requests[]`. The runner compares those lists as well as the answers.
 */
export const recordingCases: ExchangeCase[] = [
  {
    name: "records every header of bodiless requests, with no stubs",
    imposter: { recordRequests: true },
    requests: [
      get("/a?x=1&x=2", auth),
      { method: "DELETE", path: "/a/1", headers: auth },
      { method: "POST", path: "/empty", headers: auth },
    ],
  },
  {
    name: "records requests with bodies, with no stubs",
    imposter: { recordRequests: true, stubs: [] },
    requests: [
      {
        method: "POST",
        path: "/orders",
        headers: [...auth, ["Content-Type", "application/json"]],
        body: '{"id":1}',
      },
      { method: "PUT", path: "/orders/1", headers: [["Content-Type", "text/plain"]], body: "plain" },
    ],
  },
  {
    name: "records matched and unmatched requests of a keyed stub",
    imposter: {
      recordRequests: true,
      stubs: [
        {
          predicates: [{ equals: { path: "/hit", headers: { "x-trace": "abc" } } }],
          responses: [{ is: { body: "hit" } }],
        },
      ],
    },
    requests: [get("/hit", auth), get("/miss", auth), get("/hit", [["X-Trace", "other"]])],
  },
];
