import { describe, expect, it } from "vitest";
import { requestField } from "../behaviors/request-field.ts";
import { createEngine } from "../engine/create-engine.ts";
import type { HeaderSource, RawHttpRequest } from "../schemas/request.ts";
import { plainRequest, requestKeys } from "./lazy.ts";
import { normalizeRequest } from "./normalize.ts";

/** A runtime's Headers stand-in that counts how often the request reads it. */
class CountingHeaders implements HeaderSource {
  walks = 0;
  lookups: string[] = [];
  constructor(private readonly pairs: Array<[string, string]>) {}
  forEach(each: (value: string, name: string) => void): void {
    this.walks++;
    for (const [name, value] of this.pairs) each(value, name);
  }
  get(name: string): string | null {
    this.lookups.push(name);
    return this.pairs.find(([key]) => key === name.toLowerCase())?.[1] ?? null;
  }
}

const PAIRS: Array<[string, string]> = [
  ["host", "h"],
  ["content-type", "application/x-www-form-urlencoded"],
  ["x-tenant", "t1"],
];

const raw = (headers: RawHttpRequest["headers"], body = "a=1&a=2"): RawHttpRequest => ({
  method: "POST",
  url: "/orders?x=1",
  headers,
  body,
  remoteAddress: "127.0.0.1",
});

describe("LazyRequest", () => {
  it("reads as the eager pairs do, through a header source", () => {
    const fromSource = normalizeRequest(raw(new CountingHeaders(PAIRS)));
    const fromPairs = normalizeRequest(raw(PAIRS));
    expect(JSON.stringify(fromSource)).toBe(JSON.stringify(fromPairs));
    expect(JSON.stringify(fromSource)).toBe(
      JSON.stringify({
        requestFrom: "127.0.0.1",
        method: "POST",
        path: "/orders",
        query: { x: "1" },
        headers: { host: "h", "content-type": "application/x-www-form-urlencoded", "x-tenant": "t1" },
        body: "a=1&a=2",
        ip: "127.0.0.1",
        form: { a: ["1", "2"] },
      }),
    );
  });

  it("walks the headers once, and finds the form by one lookup without walking them", () => {
    const headers = new CountingHeaders(PAIRS);
    const request = normalizeRequest(raw(headers));
    expect(requestKeys(request)).toEqual([
      "requestFrom",
      "method",
      "path",
      "query",
      "headers",
      "body",
      "ip",
      "form",
    ]);
    expect([headers.walks, headers.lookups]).toEqual([0, ["content-type"]]);
    expect(request.headers["x-tenant"]).toBe("t1");
    expect(request.headers).toBe(request.headers);
    expect(headers.walks).toBe(1);
  });

  it("gives own fields in Mountebank's order as a plain copy, and leaves a plain request as it is", () => {
    const request = normalizeRequest(raw(PAIRS, ""));
    const plain = plainRequest(request);
    expect(Object.keys(plain)).toEqual(["requestFrom", "method", "path", "query", "headers", "body", "ip"]);
    expect(plainRequest(plain)).toBe(plain);
    expect(requestKeys(plain)).toEqual(Object.keys(plain));
  });

  it("lets a copy or lookup find a lazy field by name, ignoring case, as Mountebank's getFrom does", () => {
    const request = normalizeRequest(raw(PAIRS));
    expect(requestField(request, "HEADERS")).toBe(request.headers);
    expect(requestField(request, "Form")).toEqual({ a: ["1", "2"] });
  });

  it.each([
    ["a stub on method and path", { equals: { method: "POST", path: "/orders" } }, 0],
    ["a stub on the body", { contains: { body: "a=1" } }, 0],
    ["a stub on a header", { equals: { headers: { "X-Tenant": "t1" } } }, 1],
  ])("matching %s (%j) walks the headers %i times", (_name, predicate, walks) => {
    const engine = createEngine({
      protocol: "http",
      port: 4545,
      stubs: [{ predicates: [predicate], responses: [] }],
    });
    const headers = new CountingHeaders(PAIRS);
    expect(engine.match(normalizeRequest(raw(headers)))).toBe(0);
    expect(headers.walks).toBe(walks);
  });
});
