import { describe, expect, it } from "vitest";
import { setRelayDelays, toResponse } from "./outgoing.ts";

const base = { statusCode: 200, headers: {}, body: "" };

describe("toResponse", () => {
  it("sends the body as bytes, so workerd adds no Content-Type mb would not send", async () => {
    const response = await toResponse({ ...base, body: "héllo" });
    expect(response.headers.get("content-type")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new TextEncoder().encode("héllo"));
  });

  it("writes every value of a multi-valued header and keeps binary bodies as they are", async () => {
    const bytes = new Uint8Array([0, 255, 1]);
    const headers = {
      "X-Many": ["a", "b"],
      "Set-Cookie": ["c=1", "d=2"],
      "Content-Type": "application/octet-stream",
    };
    const response = await toResponse({ statusCode: 201, headers, body: bytes });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-many")).toBe("a, b");
    const cookies: string[] = [];
    response.headers.forEach((value, name) => {
      if (name === "set-cookie") cookies.push(value);
    });
    expect(cookies).toEqual(["c=1", "d=2"]);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it.each([204, 304])("drops the body of a %i, which cannot carry one", async (statusCode) => {
    const response = await toResponse({ ...base, statusCode, body: "ignored" });
    expect(response.status).toBe(statusCode);
    expect(response.body).toBeNull();
  });

  it("answers at once with the wait as a mark where the launcher serves waits, unless it bears a mark", async () => {
    setRelayDelays(true);
    try {
      const start = Date.now();
      const marked = await toResponse({ ...base, body: "w", waitMs: 250.5 });
      expect(Date.now() - start).toBeLessThan(250);
      expect(marked.headers.get("x-mockctl-fault")).toBe("DELAY_ANSWER 251");
      expect(await marked.text()).toBe("w");
      // A stub that closes after its answer keeps that mark, and the edge waits itself.
      const closing = await toResponse({ ...base, headers: { Connection: "close" }, waitMs: 60 });
      expect(Date.now() - start).toBeGreaterThanOrEqual(60);
      expect(closing.headers.get("x-mockctl-fault")).toBe("CLOSE_AFTER_ANSWER");
    } finally {
      setRelayDelays(false);
    }
  });

  it("waits waitMs before answering", async () => {
    const start = Date.now();
    await toResponse({ ...base, waitMs: 60 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(60);
  });

  it.each([
    "CONNECTION_RESET_BY_PEER",
    "RANDOM_DATA_THEN_CLOSE",
  ])("approximates %s with a body that ends before its declared length", async (fault) => {
    const response = await toResponse({ ...base, body: "not sent", fault });
    await expect(response.text()).rejects.toThrow();
  });

  it("answers normally for a fault mb does not know", async () => {
    const response = await toResponse({ ...base, body: "normal", fault: "NOT_A_FAULT" });
    expect(await response.text()).toBe("normal");
  });
});
