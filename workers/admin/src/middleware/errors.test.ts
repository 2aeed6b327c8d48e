import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";

/** A D1 binding whose every query fails with the kind of detail that must stay inside. */
const brokenDb = {
  prepare() {
    throw new Error("D1_ERROR: no such table: imposters at /srv/secret/schema.sql");
  },
  batch() {
    throw new Error("D1_ERROR: batch");
  },
} as unknown as D1Database;

describe("error rendering", () => {
  it.each([
    ["GET", "/imposters"],
    ["GET", "/logs"],
    ["DELETE", "/imposters"],
  ])("hides internal failures of %s %s behind a fixed 500", async (method, path) => {
    const answer = await call(method, path, { vars: { DB: brokenDb } });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ errors: [{ code: "internal error", message: "internal error" }] });
    expect(answer.text).not.toMatch(/D1|secret|stack/);
  });

  it("answers an unknown route with the JSON envelope instead of Express's HTML page", async () => {
    const answer = await call("GET", "/imposters/4545/stubs");
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      errors: [{ code: "no such resource", message: "Cannot GET /imposters/4545/stubs" }],
    });
  });
});
