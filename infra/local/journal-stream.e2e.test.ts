import { describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

// Issue 11: the live journal on the running local platform (workerd behind the keep-alive relay), read
// with fetch as the dashboard reads it, while requests are sent to the imposter; and the explain route.
const platform = platformForTests("journal");

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${platform.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

/** Server-sent events off a fetch body, as they arrive. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: unknown }> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffer += decoder.decode(read.value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event !== undefined && data !== undefined) yield { event, data: JSON.parse(data) };
    }
  }
}

describe("the live journal on the local platform", () => {
  it("streams each request as it is sent, with the stub that answered, and ends when the imposter goes", async () => {
    const stubs = [{ predicates: [{ equals: { path: "/hit" } }], responses: [{ is: { body: "hit" } }] }];
    expect(
      (await admin("POST", "/imposters", { protocol: "http", port: 5101, recordRequests: true, stubs }))
        .status,
    ).toBe(201);
    const stream = await fetch(`${platform.url}/imposters/5101/requests/stream`);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = events(stream.body!);
    expect((await reader.next()).value).toEqual({ event: "hello", data: { seq: 0, version: 1 } });

    // Each request is sent only after the previous one arrived on the stream: it is live, not batched.
    for (const [i, path] of ["/hit", "/miss", "/hit"].entries()) {
      expect(await (await fetch(`${platform.url}/i/5101${path}`)).text()).toBe(path === "/hit" ? "hit" : "");
      const { value } = await reader.next();
      expect(value?.event).toBe("request");
      expect(value?.data).toMatchObject({
        seq: i + 1,
        stubIndex: path === "/hit" ? 0 : null,
        request: { path },
      });
    }

    const explained = await admin("POST", "/imposters/5101/explain", { request: { path: "/miss" } });
    expect(await explained.json()).toMatchObject({
      stubIndex: null,
      nearMisses: [{ stubIndex: 0, field: "path", operator: "equals", expected: "/hit", actual: "/miss" }],
    });

    await admin("DELETE", "/imposters/5101");
    expect((await reader.next()).done).toBe(true);
  });
});
