import { describe, expect, it } from "vitest";
import { z } from "zod";
import { conform, formatPath } from "./conform.ts";

const schema = z.looseObject({
  name: z.string(),
  list: z.array(z.looseObject({ n: z.number() })).optional(),
});

describe("conform", () => {
  it.each([
    ["", [], ""],
    ["", ["name"], "name"],
    ["stubs[2]", ["predicates", 0, "equals"], "stubs[2].predicates[0].equals"],
    ["stub", [1, "a"], "stub[1].a"],
  ] as const)("formats %s + %j as %s", (label, path, expected) => {
    expect(formatPath(label, path)).toBe(expected);
  });

  it("answers the very value, keeping its key order, when it conforms", () => {
    const value = { z: 1, list: [{ n: 1, extra: true }], name: "a" };
    const result = conform(schema, value, "", () => "src");
    expect(result).toEqual({ ok: true, value });
    expect(result.ok && Object.keys(result.value)).toEqual(["z", "list", "name"]);
  });

  it("names the first bad field, and builds the source only on failure", () => {
    let built = 0;
    const source = () => ++built;
    expect(conform(schema, { name: "a" }, "x", source).ok).toBe(true);
    expect(built).toBe(0);
    expect(conform(schema, { name: "a", list: [{ n: "1" }] }, "stubs[0]", source)).toEqual({
      ok: false,
      errors: [
        {
          code: "bad data",
          message: "invalid value for 'stubs[0].list[0].n': Invalid input: expected number, received string",
          source: 1,
        },
      ],
    });
  });
});
