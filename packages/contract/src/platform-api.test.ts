import { describe, expect, it } from "vitest";
import { createTokenSchema, scopeAllows, workspaceIdSchema } from "./platform-api.ts";

describe("platform API schemas", () => {
  it.each([
    ["read", "read", true],
    ["read", "write", false],
    ["write", "read", true],
    ["write", "admin", false],
    ["admin", "write", true],
  ] as const)("a %s token %s a %s route", (held, needed, allowed) => {
    expect(scopeAllows(held, needed)).toBe(allowed);
  });

  it.each([
    ["team-a", true],
    ["a", true],
    ["Team", false],
    ["-a", false],
    ["a-", false],
    ["a.b", false],
    ["x".repeat(32), true],
    ["x".repeat(33), false],
  ])("workspace id %j is valid: %s", (id, valid) => {
    expect(workspaceIdSchema.safeParse(id).success).toBe(valid);
  });

  it("refuses a token without a known scope", () => {
    expect(createTokenSchema.safeParse({ name: "ci", scope: "owner" }).success).toBe(false);
    expect(createTokenSchema.safeParse({ name: "ci", scope: "write" }).success).toBe(true);
  });
});
