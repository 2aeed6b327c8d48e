import { CLOSE_AFTER_ANSWER, FAULT_HEADER } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { wireOf } from "./wire.ts";

describe("wireOf", () => {
  it("builds the wire form of a frozen description once", () => {
    const description = Object.freeze({ statusCode: 200, headers: Object.freeze({ A: "1" }), body: "x" });
    expect(wireOf(description)).toBe(wireOf(description));
  });

  it("builds a description that is not frozen again each time, so a change to it shows", () => {
    const description = { statusCode: 200, headers: { A: "1" } as Record<string, string>, body: "x" };
    const first = wireOf(description);
    description.headers.A = "2";
    expect(wireOf(description)).not.toBe(first);
    const listed: string[][] = [];
    wireOf(description).init?.headers?.forEach((value, name) => {
      listed.push([name, value]);
    });
    expect(listed).toEqual([["a", "2"]]);
  });

  it("gives its headers to any number of Responses, each with a copy of its own", () => {
    const wire = wireOf(
      Object.freeze({ statusCode: 200, headers: Object.freeze({ "X-A": ["1", "2"] }), body: "" }),
    );
    const first = new Response(wire.body, wire.init);
    first.headers.set("x-a", "changed");
    const second = new Response(wire.body, wire.init);
    expect(second.headers.get("x-a")).toBe("1, 2");
    expect(wire.init?.headers?.get("x-a")).toBe("1, 2");
  });

  it("gives its bytes to any number of Responses, each sending them whole", async () => {
    const wire = wireOf(Object.freeze({ statusCode: 200, headers: Object.freeze({}), body: "héllo" }));
    const texts = await Promise.all([1, 2, 3].map(() => new Response(wire.body, wire.init).text()));
    expect(texts).toEqual(["héllo", "héllo", "héllo"]);
    expect(new TextDecoder().decode(wire.body ?? undefined)).toBe("héllo");
  });

  it("lists every value of a multi-valued header and omits headers when there are none", () => {
    const wire = wireOf({ statusCode: 204, headers: { "Set-Cookie": ["a=1", "b=2"] }, body: "gone" });
    expect(wire.body).toBeNull();
    expect(wire.init?.status).toBe(204);
    expect(wire.init?.headers?.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(wireOf({ statusCode: 201, headers: {}, body: "" }).init).toEqual({ status: 201 });
    expect(wireOf({ statusCode: 200, headers: {}, body: "" }).init).toBeUndefined();
  });

  it.each([
    [{ Connection: "close" }, CLOSE_AFTER_ANSWER],
    [{ connection: "Upgrade, CLOSE" }, CLOSE_AFTER_ANSWER],
    [{ Connection: "keep-alive" }, null],
    [{ "X-Note": "close" }, null],
  ])("marks a stub's %j for the local platform to close after the answer", (headers, mark) => {
    expect(wireOf({ statusCode: 200, headers, body: "x" }).init?.headers?.get(FAULT_HEADER)).toBe(mark);
  });
});
