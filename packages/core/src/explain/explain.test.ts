import { describe, expect, it } from "vitest";
import { testRequest } from "../behaviors/test-request.ts";
import { MbFailure } from "../errors.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { explainRequest } from "./explain.ts";
import type { ExplainOptions } from "./types.ts";

const explain = (stubs: Predicate[][], request: Partial<MbRequest>, options: ExplainOptions = {}) =>
  explainRequest(
    { stubs: stubs.map((predicates) => ({ predicates, responses: [] })) },
    testRequest(request),
    options,
  );

/** The one near miss of a single-stub imposter: [predicate, request, field, operator, expected, actual]. */
const FIRST_FAILURES: Array<[string, Predicate, Partial<MbRequest>, string, string, unknown, unknown]> = [
  ["path", { equals: { path: "/b" } }, { path: "/a" }, "path", "equals", "/b", "/a"],
  [
    "a query key",
    { equals: { query: { q: "1", r: "2" } } },
    { query: { q: "1", r: "3" } },
    "query.r",
    "equals",
    "2",
    "3",
  ],
  [
    "a header whatever its case",
    { equals: { headers: { Accept: "text/html" } } },
    { headers: { accept: "text/plain" } },
    "headers.Accept",
    "equals",
    "text/html",
    "text/plain",
  ],
  [
    "caseSensitive",
    { equals: { path: "/A" }, caseSensitive: true },
    { path: "/a" },
    "path",
    "equals",
    "/A",
    "/a",
  ],
  [
    "a case-sensitive key",
    { equals: { headers: { "X-A": "1" } }, caseSensitive: true },
    { headers: { "x-a": "1" } },
    "headers.X-A",
    "equals",
    "1",
    null,
  ],
  [
    "except (the actual value as sent)",
    { equals: { path: "/a" }, except: "\\d+" },
    { path: "/b12" },
    "path",
    "equals",
    "/a",
    "/b12",
  ],
  [
    "a jsonpath selection",
    { equals: { body: "bob" }, jsonpath: { selector: "$.name" } },
    { body: '{"name":"alice"}' },
    "body $.name",
    "equals",
    "bob",
    "alice",
  ],
  [
    "a jsonpath that finds nothing",
    { equals: { body: "bob" }, jsonpath: { selector: "$.name" } },
    { body: '{"id":1}' },
    "body $.name",
    "jsonpath",
    "bob",
    null,
  ],
  [
    "an xpath selection",
    { equals: { body: "1" }, xpath: { selector: "//id" } },
    { body: "<a><id>2</id></a>" },
    "body //id",
    "equals",
    "1",
    "2",
  ],
  [
    "a JSON body key",
    { equals: { body: { a: { b: 1, c: 2 } } } },
    { body: '{"a":{"b":1,"c":3}}' },
    "body.a.c",
    "equals",
    2,
    3,
  ],
  ["exists", { exists: { query: { q: true } } }, {}, "query.q", "exists", true, null],
  [
    "deepEquals (whole fields)",
    { deepEquals: { query: { q: "1" } } },
    { query: { q: "1", r: "2" } },
    "query",
    "deepEquals",
    { q: "1" },
    { q: "1", r: "2" },
  ],
  ["matches", { matches: { path: "^/u/\\d+$" } }, { path: "/u/x" }, "path", "matches", "^/u/\\d+$", "/u/x"],
  ["startsWith on the method", { startsWith: { method: "PO" } }, {}, "method", "startsWith", "PO", "GET"],
  ["not (its child held)", { not: { equals: { path: "/a" } } }, { path: "/a" }, "path", "not", "/a", "/a"],
  [
    "or (its first child)",
    { or: [{ equals: { path: "/x" } }, { equals: { path: "/y" } }] },
    { path: "/a" },
    "path",
    "or",
    "/x",
    "/a",
  ],
  [
    "and (its first failing child)",
    { and: [{ startsWith: { path: "/a" } }, { contains: { body: "z" } }] },
    { path: "/ab", body: "q" },
    "body",
    "and",
    "z",
    "q",
  ],
];

describe("explainRequest: the first failing predicate", () => {
  it.each(FIRST_FAILURES)("%s", async (_name, predicate, request, field, operator, expected, actual) => {
    const answer = await explain([[predicate]], request);
    expect(answer.stubIndex).toBeNull();
    expect(answer.nearMisses).toEqual([
      expect.objectContaining({
        stubIndex: 0,
        predicateIndex: 0,
        predicate,
        field,
        operator,
        expected,
        actual,
      }),
    ]);
  });

  it("names the inner predicate that decided a composite", async () => {
    const inner = { contains: { body: "z" } };
    const [miss] = (
      await explain([[{ not: { and: [{ equals: { path: "/x" } }, { or: [inner] }] } }]], {
        path: "/x",
        body: "azb",
      })
    ).nearMisses;
    expect(miss).toMatchObject({
      operator: "not",
      field: "path",
      inner: { predicate: { equals: { path: "/x" } }, operator: "equals" },
    });
    const [and] = (await explain([[{ and: [{ equals: { path: "/x" } }, { or: [inner] }] }]], { path: "/x" }))
      .nearMisses;
    expect(and).toMatchObject({
      operator: "and",
      field: "body",
      expected: "z",
      actual: "",
      inner: { predicate: inner },
    });
  });

  it("reports an inject predicate by its source without running it again", async () => {
    const ran: string[] = [];
    const inject = (source: string) => {
      ran.push(source);
      return false;
    };
    const answer = await explain([[{ inject: "() => false" }]], {}, { inject });
    expect(answer.nearMisses[0]).toMatchObject({
      field: "request",
      operator: "inject",
      expected: "() => false",
      actual: null,
    });
    expect(ran).toEqual(["() => false"]);
  });
});

describe("explainRequest: which stubs", () => {
  it("answers the matching stub; only the stubs before it are near misses, closest first", async () => {
    const answer = await explain(
      [
        [{ equals: { path: "/x" } }],
        [{ equals: { method: "GET" } }, { equals: { path: "/b" } }],
        [{ equals: { method: "GET" } }, { equals: { path: "/a" } }, { equals: { query: { q: "1" } } }],
        [{ equals: { path: "/a" } }],
        [{ equals: { path: "/nope" } }],
      ],
      { path: "/a" },
    );
    expect(answer.stubIndex).toBe(3);
    expect(answer.nearMisses.map((m) => [m.stubIndex, m.predicateIndex])).toEqual([
      [2, 2],
      [1, 1],
      [0, 0],
    ]);
  });

  it("ranks by every predicate that holds, not only those before the first failure", async () => {
    const answer = await explain(
      [
        [{ equals: { path: "/x" } }],
        [{ equals: { path: "/x" } }, { equals: { method: "GET" } }, { exists: { path: true } }],
      ],
      { path: "/a" },
    );
    expect(answer.nearMisses.map((m) => m.stubIndex)).toEqual([1, 0]);
  });

  it("gives at most five near misses, and none for a stub without predicates", async () => {
    const stubs = Array.from({ length: 7 }, (_, i) => [{ equals: { path: `/${i}` } }]);
    expect((await explain(stubs, { path: "/a" })).nearMisses).toHaveLength(5);
    expect(await explain([[]], {})).toEqual({ stubIndex: 0, nearMisses: [] });
  });

  it("never runs user code Mountebank would not run, and raises the errors matching raises", async () => {
    const ran: string[] = [];
    const inject = (source: string) => {
      ran.push(source);
      return true;
    };
    await explain(
      [
        [{ equals: { path: "/x" } }, { inject: "later" }],
        [{ equals: { path: "/a" } }],
        [{ inject: "after" }],
      ],
      { path: "/a" },
      { inject },
    );
    expect(ran).toEqual([]);
    await expect(explain([[{ equals: { path: "/x" }, except: "[" }]], {})).rejects.toBeInstanceOf(MbFailure);
  });
});
