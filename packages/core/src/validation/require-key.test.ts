import { describe, expect, it } from "vitest";
import { printImposter } from "../printer/print-imposter.ts";
import { validateImposter } from "./validate-imposter.ts";

const plain = { allowInjection: false };
const withKey = (requireKey: unknown) => ({ protocol: "http", port: 4545, requireKey });
const KEY = { header: "x-mock-key", value: "s3cret-key" };

describe("an imposter's requireKey", () => {
  it("is accepted as a header name and a value of at least 8 characters", () => {
    const result = validateImposter(withKey(KEY), plain);
    expect(result.ok && result.value.requireKey).toEqual(KEY);
  });

  it.each([
    ["a missing value (as printed back)", { header: "x-mock-key" }, "requireKey.value", "send it again"],
    ["a short value", { header: "x-mock-key", value: "short" }, "requireKey.value", "at least 8"],
    ["a header that is no header name", { header: "x mock", value: "s3cret-key" }, "requireKey.header", ""],
    ["an unknown field", { ...KEY, hash: "sha256" }, "requireKey", ""],
    ["a string", "s3cret-key", "requireKey", ""],
  ])("refuses %s with bad data naming the field", (_name, requireKey, field, hint) => {
    const result = validateImposter(withKey(requireKey), plain);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.code).toBe("bad data");
    expect(result.errors[0]?.message).toContain(`invalid value for '${field}'`);
    expect(result.errors[0]?.message).toContain(hint);
  });
});

describe("printing an imposter with requireKey", () => {
  const validated = validateImposter(withKey(KEY), plain);
  const imposter = validated.ok ? { ...validated.value, port: 4545 } : undefined;
  const activity = { numberOfRequests: 0, requests: [] };

  it.each(["full", "replayable"] as const)("shows the header and never the value (%s)", (form) => {
    if (imposter === undefined) throw new Error("the key was refused");
    const printed = printImposter(imposter, activity, { form });
    expect(printed.requireKey).toEqual({ header: "x-mock-key" });
    expect(JSON.stringify(printed)).not.toContain(KEY.value);
  });

  it("leaves it out of the list form, like every field but the header's", () => {
    if (imposter === undefined) throw new Error("the key was refused");
    expect(printImposter(imposter, activity, { form: "list" })).not.toHaveProperty("requireKey");
  });
});
