import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminClient } from "./client.ts";
import worker from "./index.ts";

/** The typed client, talking to this Worker in this isolate instead of over the network. */
const client = adminClient("http://localhost:2525", {
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(input, init), env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  },
});

describe("the typed admin client", () => {
  it("creates, reads and lists imposters with typed answers", async () => {
    const stub = { responses: [{ is: { statusCode: 200, body: "hi" } }] };
    const created = await client.imposters.$post({ json: { protocol: "http", port: 4801, stubs: [stub] } });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.port).toBe(4801);
    expect(body.url).toBe("http://localhost:2525/i/4801");

    const read = await client.imposters[":id"].$get({ param: { id: "4801" } });
    expect((await read.json()).stubs).toHaveLength(1);
    const list = await (await client.imposters.$get()).json();
    expect(list.imposters.map((imposter) => imposter.port)).toEqual([4801]);
  });

  it("keeps Mountebank's bytes: two-space JSON, charset included", async () => {
    const answer = await client.config.$get();
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await answer.text()).toMatch(/^\{\n {2}"version": "2\.9\.1",\n/);
  });

  it("replaces and edits stubs by index", async () => {
    await client.imposters.$post({ json: { protocol: "http", port: 4802 } });
    const id = { id: "4802" };
    const stub = { responses: [{ is: { body: "a" } }] };
    await client.imposters[":id"].stubs.$post({ param: id, json: { stub } });
    const missing = await client.imposters[":id"].stubs[":stubIndex"].$delete({
      param: { ...id, stubIndex: "5" },
    });
    expect(missing.status).toBe(404);
  });
});
