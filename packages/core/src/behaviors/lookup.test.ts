// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Mountebank tokens such as "${T}" are literal text here.
import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import type { Lookup } from "../schemas/behavior.ts";
import { findRow, lookup } from "./lookup.ts";
import type { BehaviorDeps } from "./types.ts";

const PEOPLE = 'name,age,"full name"\nalice,30,"Alice A"\nbob,40,"Bob, B"\nundefined,0,Nobody\n';
const IDS = "id;v\n1;one\n";
const files: Record<string, string> = { "/tmp/people.csv": PEOPLE, "/tmp/ids.csv": IDS };
const deps: BehaviorDeps = { dataSource: async (path) => files[path] };

const config = (
  key: Lookup["key"],
  path: string,
  keyColumn: string,
  into: string,
  delimiter?: string,
): Lookup => ({
  key,
  fromDataSource: { csv: delimiter ? { path, keyColumn, delimiter } : { path, keyColumn } },
  into,
});

// The same stubs as imposter 46218 on mb 2.9.1, with the same CSV files; expected bodies are its answers.
describe("lookup", () => {
  it("selects the key with regex and index, and replaces the three column spellings", async () => {
    const request = testRequest({ path: "/a", query: { who: "x-bob" } });
    const response = await lookup(
      request,
      {
        body: '${R}["age"] ${R}[\'full name\'] ${R}[name] ${R}["${R}[age]"]',
        headers: { "X-${R}[age]": "y" },
      },
      config(
        { from: { query: "who" }, using: { method: "regex", selector: "(\\w+)-(\\w+)" }, index: 2 },
        "/tmp/people.csv",
        "name",
        "${R}",
      ),
      deps,
    );
    expect(response).toEqual({ body: '40 Bob, B bob ${R}["40"]', headers: { "X-40": "y" } });
  });

  it.each<[string, Lookup, string]>([
    [
      "no key selected looks for the row keyed 'undefined'",
      config(
        { from: "path", using: { method: "regex", selector: "nomatch" } },
        "/tmp/people.csv",
        "name",
        "${T}",
      ),
      "0 ${T}[v]",
    ],
    [
      "a jsonpath number key and a delimiter",
      config(
        { from: "body", using: { method: "jsonpath", selector: "$.id" } },
        "/tmp/ids.csv",
        "id",
        "${T}",
        ";",
      ),
      "${T}[age] one",
    ],
    [
      "a missing data source leaves the tokens",
      config({ from: "path", using: { method: "regex", selector: ".*" } }, "/tmp/nope.csv", "name", "${T}"),
      "${T}[age] ${T}[v]",
    ],
    [
      "a malformed regex leaves the tokens (mb swallows lookup errors)",
      config({ from: "path", using: { method: "regex", selector: "(" } }, "/tmp/people.csv", "name", "${T}"),
      "${T}[age] ${T}[v]",
    ],
  ])("%s", async (_, lookupConfig, body) => {
    const request = testRequest({ path: "/b", body: '{"id":1}' });
    const response = await lookup(request, { body: "${T}[age] ${T}[v]" }, lookupConfig, deps);
    expect(response.body).toBe(body);
  });

  it("finds nothing without a dataSource seam", async () => {
    const lookupConfig = config(
      { from: "path", using: { method: "regex", selector: ".*" } },
      "/tmp/people.csv",
      "name",
      "${T}",
    );
    expect((await lookup(testRequest(), { body: "${T}[age]" }, lookupConfig, {})).body).toBe("${T}[age]");
  });
});

describe("findRow", () => {
  it.each<[string, string, unknown, Record<string, string>]>([
    ["the first matching row", "name", "bob", { name: "bob", age: "40", "full name": "Bob, B" }],
    ["no row for an unknown key", "name", "carol", {}],
    ["no row when the key column is not in the header", "nick", "bob", {}],
    ["a case-sensitive compare", "name", "BOB", {}],
  ])("gives %s", (_, keyColumn, key, row) => {
    expect(findRow(PEOPLE, ",", keyColumn, key)).toEqual(row);
  });

  it("finds a row before a CSV error but not after it", () => {
    const text = "k,v\na,1\nbroken\nb,2\n";
    expect(findRow(text, ",", "k", "a")).toEqual({ k: "a", v: "1" });
    expect(findRow(text, ",", "k", "b")).toEqual({});
  });

  it("compares with localeCompare, so canonically equivalent text matches", () => {
    expect(findRow("k,v\ne\u0301,1\n", ",", "k", "\u00e9")).toEqual({ k: "e\u0301", v: "1" });
  });
});
