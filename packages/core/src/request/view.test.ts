import { describe, expect, it } from "vitest";
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
});
