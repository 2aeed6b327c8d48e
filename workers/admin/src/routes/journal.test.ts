import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, ORIGIN } from "../../test/client.ts";
import { created, imposterObject, served } from "../../test/helpers.ts";
import worker from "../index.ts";

const NOT_FOUND = { errors: [{ code: "no such resource", message: "Try POSTing to /imposters first?" }] };
const stub = (path: string) => ({ predicates: [{ equals: { path } }], responses: [{ is: { body: path } }] });

/** Opens the stream without reading it to the end (call() would wait for a body that never ends). */
async function openStream(path: string) {
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`), env, createExecutionContext());
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    response,
    /** Reads until the text holds `count` complete events; returns their data lines, parsed. */
    async events(count: number): Promise<unknown[]> {
      while ((text.match(/\n\n/g) ?? []).length < count) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
    },
    text: () => text,
    close: () => reader.cancel(),
  };
}

describe("GET /imposters/:id/requests/stream", () => {
  it("streams server-sent events: hello, then each recorded request with its stub index", async () => {
    await created({ protocol: "http", port: 4701, recordRequests: true, stubs: [stub("/a")] });
    await served(4701, "/a");
    const stream = await openStream("/imposters/4701/requests/stream?since=0");
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await stream.events(2)).toMatchObject([
      { seq: 1 },
      { seq: 1, stubIndex: 0, request: { path: "/a" } },
    ]);
    await served(4701, "/b");
    expect((await stream.events(3))[2]).toMatchObject({ seq: 2, stubIndex: null, request: { path: "/b" } });
    await stream.close();
  });

  it("tells of each new version, so a page can read stubs changed elsewhere without waiting for traffic", async () => {
    await created({ protocol: "http", port: 4704, stubs: [stub("/a")] });
    const stream = await openStream("/imposters/4704/requests/stream");
    expect(await stream.events(1)).toEqual([{ seq: 0, version: expect.any(Number) }]);
    expect((await call("PUT", "/imposters/4704/stubs", { body: { stubs: [stub("/b")] } })).status).toBe(200);
    const [, changed] = (await stream.events(2)) as [unknown, { version: number }];
    expect(changed).toEqual({ version: expect.any(Number) });
    expect((await call("DELETE", "/imposters/4704/savedRequests")).status).toBe(200);
    expect((await stream.events(3))[2]).toEqual({ version: changed.version + 1 });
    expect(stream.text()).toContain("event: version\n");
    await stream.close();
  });

  it("answers 404 for an unknown imposter and bad data for a bad since", async () => {
    expect((await call("GET", "/imposters/4799/requests/stream")).json).toEqual(NOT_FOUND);
    await created({ protocol: "http", port: 4702 });
    const bad = await call("GET", "/imposters/4702/requests/stream?since=-3");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ code: "bad data", source: "-3" });
  });
});

describe("POST /imposters/:id/explain", () => {
  it("names the stub that answers and the first failing predicate of the closest others", async () => {
    await created({ protocol: "http", port: 4703, stubs: [stub("/a"), stub("/b")] });
    const answer = await call("POST", "/imposters/4703/explain", { body: { request: { path: "/b" } } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      stubIndex: 1,
      nearMisses: [
        {
          stubIndex: 0,
          predicateIndex: 0,
          predicate: { equals: { path: "/a" } },
          field: "path",
          operator: "equals",
          expected: "/a",
          actual: "/b",
        },
      ],
    });
    const none = await call("POST", "/imposters/4703/explain", {
      body: { request: { method: "POST", path: "/c" } },
    });
    expect(none.json).toMatchObject({ stubIndex: null, nearMisses: [{ stubIndex: 0 }, { stubIndex: 1 }] });
  });

  it.each([
    ["no request", {}, "request"],
    ["a body that is not a string", { request: { body: { a: 1 } } }, "request.body"],
    ["no body at all", "", ""],
  ])("refuses %s with mb's bad data envelope", async (_name, body, where) => {
    await created({ protocol: "http", port: 4704 });
    const answer = await call("POST", "/imposters/4704/explain", { body });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toHaveLength(1);
    expect(answer.json.errors[0].code).toBe("bad data");
    expect(answer.json.errors[0].message).toContain(where);
  });

  it("answers 404 for an unknown imposter, and a predicate's matching error as mb's error", async () => {
    expect((await call("POST", "/imposters/4798/explain", { body: { request: {} } })).json).toEqual(
      NOT_FOUND,
    );
    // Stored past the validator (whose dry run refuses this pattern), as an older version might have kept it.
    const stubs = [{ predicates: [{ equals: { path: "/a" }, except: "[" }], responses: [] }];
    await imposterObject(4705).put({ protocol: "http", port: 4705, stubs });
    const answer = await call("POST", "/imposters/4705/explain", { body: { request: {} } });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].code).toBe("bad data");
  });
});
