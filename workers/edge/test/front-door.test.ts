import { abortAllDurableObjects } from "cloudflare:test";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { MbRequest } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

const pathStub = (path: string, body: string) => ({ predicates: [{ equals: { path } }], ...is(body) });

describe("front door addressing", () => {
  it("serves an imposter by path, matching on the path with the /i/<port> prefix stripped", async () => {
    const port = freshPort();
    await objectFor(port).put(
      imposter(port, { stubs: [pathStub("/orders", "by path"), pathStub("/", "root")] }),
    );
    expect(await (await send(`/i/${port}/orders?x=1`)).text()).toBe("by path");
    expect(await (await send(`/i/${port}`)).text()).toBe("root");
    expect(await (await send(`/i/${port}?q=1`)).text()).toBe("root");
  });

  it("serves an imposter by host <port>.<zone>, leaving the path whole", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [pathStub("/orders", "by host")] }));
    const response = await send(`http://${port}.localhost:2525/orders`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("by host");
  });

  it("forwards everything else to the admin Worker unchanged", async () => {
    const init = { method: "PUT", body: '{"a":1}', headers: { "x-api-key": "secret" } };
    const response = await send("/imposters/4545?replayable=true", init);
    expect(await response.json()).toEqual({
      admin: true,
      method: "PUT",
      url: "http://127.0.0.1:2525/imposters/4545?replayable=true",
      apiKey: "secret",
      body: '{"a":1}',
    });
  });

  it("answers an unknown imposter with 404 and mb's no such resource envelope", async () => {
    const response = await send(`/i/${freshPort()}/anything`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      errors: [{ code: "no such resource", message: "Try POSTing to /imposters first?" }],
    });
  });
});

describe("front door and the imposter object", () => {
  it("makes every change visible to the very next request", async () => {
    const port = freshPort();
    const object = objectFor(port);
    await object.put(imposter(port, { stubs: [is("one")] }));
    expect(await (await send(`/i/${port}/`)).text()).toBe("one");
    await object.replaceStubs([is("two")]);
    expect(await (await send(`/i/${port}/`)).text()).toBe("two");
    await object.remove();
    expect((await send(`/i/${port}/`)).status).toBe(404);
    await object.put(imposter(port, { stubs: [is("three")] }));
    expect(await (await send(`/i/${port}/`)).text()).toBe("three");
  });

  it("cycles a stub's responses through the object, durably", async () => {
    const port = freshPort();
    const responses = [{ is: { body: "a" }, repeat: 2 }, { is: { body: "b" } }];
    await objectFor(port).put(imposter(port, { stubs: [{ responses }] }));
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) seen.push(await (await send(`/i/${port}/`)).text());
    expect(seen).toEqual(["a", "a", "b", "a"]);
    await abortAllDurableObjects(); // the object restarts from storage: the cycle goes on where it was
    expect(await (await send(`/i/${port}/`)).text()).toBe("a");
    expect(await (await send(`/i/${port}/`)).text()).toBe("b");
  });

  it("keeps a surviving stub's cycle when another stub is inserted before it", async () => {
    const port = freshPort();
    const cycling = {
      predicates: [{ equals: { path: "/c" } }],
      responses: [{ is: { body: "1" } }, { is: { body: "2" } }],
    };
    await objectFor(port).put(imposter(port, { stubs: [cycling] }));
    expect(await (await send(`/i/${port}/c`)).text()).toBe("1");
    await objectFor(port).addStub(pathStub("/other", "x"), 0);
    expect(await (await send(`/i/${port}/c`)).text()).toBe("2");
  });

  it("restarts the cycle of a replaced stub", async () => {
    const port = freshPort();
    const cycling = { responses: [{ is: { body: "1" } }, { is: { body: "2" } }] };
    await objectFor(port).put(imposter(port, { stubs: [cycling] }));
    expect(await (await send(`/i/${port}/`)).text()).toBe("1");
    await objectFor(port).replaceStub(0, cycling);
    expect(await (await send(`/i/${port}/`)).text()).toBe("1");
  });

  it("counts stateless requests in numberOfRequests as soon as the object is read", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("plain")] }));
    for (let i = 0; i < 3; i++) await send(`/i/${port}/`);
    await send(`/i/${port}/no-stub-matches-this`);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(4);
    await objectFor(port).resetRequests();
    await send(`/i/${port}/`);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(1);
  });

  it("records requests when the imposter asks, and counts them once", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs: [is("rec")] }));
    await send(`/i/${port}/first?x=1`, { method: "POST", body: "hello" });
    await send(`/i/${port}/second`);
    const state = (await objectFor(port).read())?.state;
    expect(state?.numberOfRequests).toBe(2);
    expect(state?.requests.map((r: MbRequest) => [r.method, r.path, r.query, r.body])).toEqual([
      ["POST", "/first", { x: "1" }, "hello"],
      ["GET", "/second", {}, ""],
    ]);
  });

  it.each([
    ["gzip", gzipSync],
    ["br", brotliCompressSync],
  ])("decodes a %s request body before matching, as mb does", async (encoding, compress) => {
    const port = freshPort();
    const stub = { predicates: [{ equals: { body: "squeezed" } }], ...is("decoded") };
    await objectFor(port).put(imposter(port, { stubs: [stub] }));
    const body = compress("squeezed");
    const response = await send(`/i/${port}/`, {
      method: "POST",
      body,
      headers: { "content-encoding": encoding },
    });
    expect(await response.text()).toBe("decoded");
  });
});

describe("front door answers", () => {
  it("waits for a wait behavior before answering", async () => {
    const port = freshPort();
    const stub = { responses: [{ is: { body: "late" }, behaviors: [{ wait: 80 }] }] };
    await objectFor(port).put(imposter(port, { stubs: [stub] }));
    const start = Date.now();
    expect(await (await send(`/i/${port}/`)).text()).toBe("late");
    expect(Date.now() - start).toBeGreaterThanOrEqual(80);
  });

  it("ends the connection early for a CONNECTION_RESET_BY_PEER fault", async () => {
    const port = freshPort();
    await objectFor(port).put(
      imposter(port, { stubs: [{ responses: [{ fault: "CONNECTION_RESET_BY_PEER" }] }] }),
    );
    await expect((await send(`/i/${port}/`)).text()).rejects.toThrow();
  });
});
