import { describe, expect, it } from "vitest";
import type { RequestView } from "../predicates/types.ts";
import type { MbRequest } from "../schemas/request.ts";
import { createRequestView } from "./view.ts";

const request = (body: string): MbRequest => ({
  requestFrom: "",
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  body,
  ip: "",
});

describe("createRequestView", () => {
  it("parses the body as JSON once and shares the value", () => {
    const view = createRequestView(request('{"a":[1]}'));
    const first = view.json();
    expect(first).toEqual({ a: [1] });
    expect(view.json()).toBe(first);
    expect(view.parseJson('{"a":[1]}')).toBe(first);
  });

  it("answers undefined for a body that is not JSON", () => {
    expect(createRequestView(request("{nope")).json()).toBeUndefined();
  });

  it("parses each distinct XML text once", () => {
    const view = createRequestView(request("<a/>"));
    expect(view.xml("<a/>")).toBe(view.xml("<a/>"));
    expect(view.xml("<b/>")).not.toBe(view.xml("<a/>"));
    expect(view.xml("")).toBeUndefined();
  });

  it("keeps values per space and text, finding a text again by its content", () => {
    const view = createRequestView(request(""));
    const texts = view.texts("s");
    const body = '{"A":1}';
    texts.set(body.toLowerCase(), "first");
    texts.set("other", undefined);
    texts.set("third", 3);
    expect(texts.get(body.toLowerCase())).toBe("first"); // another string with the same characters
    expect([texts.has("other"), texts.get("other"), texts.get("third")]).toEqual([true, undefined, 3]);
    expect([texts.has("nope"), texts.get("nope")]).toEqual([false, undefined]);
    texts.set("third", 4);
    texts.set(body.toLowerCase(), "again");
    expect([texts.get("third"), texts.get('{"a":1}')]).toEqual([4, "again"]);
    expect(view.texts("t").has('{"a":1}')).toBe(false);
    expect(view.texts("s")).toBe(texts);
  });

  it("memoizes per space and key, including undefined results", () => {
    const view = createRequestView(request(""));
    let calls = 0;
    const compute = () => {
      calls++;
      return undefined;
    };
    view.memo("s", "k", compute);
    view.memo("s", "k", compute);
    view.memo("t", "k", compute);
    expect(calls).toBe(2);
  });

  it.each([
    ["cache", (view: RequestView, space: string) => view.cache(space)],
    ["texts", (view: RequestView, space: string) => view.texts(space)],
  ] as const)("keeps every %s space apart, the first and the later ones alike", (_, spaceOf) => {
    const view = createRequestView(request(""));
    const spaces = ["a", "b", "a", "c", "b", "a"].map((space) => ({ space, entries: spaceOf(view, space) }));
    for (const { space, entries } of spaces) entries.set(`key ${space}`, space);
    for (const { space, entries } of spaces) {
      expect(entries).toBe(spaceOf(view, space));
      expect(["a", "b", "c"].map((key) => entries.get(`key ${key}`))).toEqual(
        ["a", "b", "c"].map((key) => (key === space ? space : undefined)),
      );
    }
  });

  it("lists the request's field names once", () => {
    const view = createRequestView({ ...request(""), form: {} });
    expect(view.fieldNames()).toEqual([
      "requestFrom",
      "method",
      "path",
      "query",
      "headers",
      "body",
      "ip",
      "form",
    ]);
    expect(view.fieldNames()).toBe(view.fieldNames());
  });
});
