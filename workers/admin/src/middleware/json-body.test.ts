import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { MAX_BODY_BYTES } from "./json-body.ts";

describe("JSON bodies", () => {
  it.each(["{bad", '{"protocol":', "undefined"])("answers mb's invalid JSON error for %s", async (body) => {
    const answer = await call("POST", "/imposters", { body });
    expect(answer.status).toBe(400);
    // What mb 2.9.1 answered for `{bad`: the raw body comes back as `source`.
    expect(answer.json).toEqual({
      errors: [{ code: "invalid JSON", message: "Unable to parse body as JSON", source: body }],
    });
  });

  it("refuses a body over the limit without echoing it", async () => {
    const body = `"${"x".repeat(MAX_BODY_BYTES)}"`;
    const answer = await call("PUT", "/imposters", { body });
    expect(answer.status).toBe(413);
    expect(answer.json.errors[0].code).toBe("limit exceeded");
    expect(answer.text.length).toBeLessThan(500);
  });

  it("stops reading an endless chunked body at the limit", async () => {
    const chunk = new TextEncoder().encode("x".repeat(1024 * 1024));
    const body = new ReadableStream({ pull: (controller) => controller.enqueue(chunk) });
    const answer = await call("POST", "/imposters", { body });
    expect(answer.status).toBe(413);
  });
});
