import { env } from "cloudflare:workers";
import { needsObjectForUserCode } from "@mockctl/user-code/edge";
import { describe, expect, it } from "vitest";
import { lookup } from "../src/registry.ts";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

/** Whether the front door now sends every request of the imposter on `port` to its object. */
function servedByObject(port: number): boolean | undefined {
  const engine = lookup(`${env.WORKSPACE}:${port}`)?.engine;
  return engine ? needsObjectForUserCode(engine) : undefined;
}

const decorated = (decorate: string) => ({ responses: [{ is: { body: "x" }, behaviors: [{ decorate }] }] });
const texts = async (url: string, times: number) => {
  const bodies: string[] = [];
  for (let i = 0; i < times; i++) bodies.push(await (await send(url)).text());
  return bodies;
};

// The user-code runtime is tested on its own in @mockctl/user-code; these tests show it is wired into serving:
// through the front door, into the imposter's object, with one state shared by the imposter's functions.
describe("serving imposters with user code", () => {
  it("runs a decorate behavior on the response", async () => {
    const port = freshPort();
    const decorate = "(config, response) => { response.body = 'decorated ' + config.request.path; }";
    await objectFor(port).put(
      imposter(port, { stubs: [{ responses: [{ is: { body: "x" }, behaviors: [{ decorate }] }] }] }),
    );
    const response = await send(`/i/${port}/orders`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("decorated /orders");
  });

  it("matches with an injected predicate and keeps imposter state across requests", async () => {
    const port = freshPort();
    const count =
      "(config) => { config.state.seen = (config.state.seen || 0) + 1; return config.state.seen > 1; }";
    const stubs = [
      { predicates: [{ inject: count }], responses: [{ is: { body: "second or later" } }] },
      { responses: [{ is: { body: "first" } }] },
    ];
    await objectFor(port).put(imposter(port, { stubs }));
    const bodies: string[] = [];
    for (let i = 0; i < 3; i++) bodies.push(await (await send(`/i/${port}/`)).text());
    expect(bodies).toEqual(["first", "second or later", "second or later"]);
  });

  it("answers a throwing response inject with mb's 500 invalid injection envelope", async () => {
    const port = freshPort();
    await objectFor(port).put(
      imposter(port, { stubs: [{ responses: [{ inject: "() => { throw new Error('boom'); }" }] }] }),
    );
    const response = await send(`/i/${port}/`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { errors: Array<{ code: string; message: string }> };
    expect(body.errors[0]).toMatchObject({
      code: "invalid injection",
      message: "invalid response injection",
    });
  });

  it("starts a replaced imposter with empty state", async () => {
    const port = freshPort();
    const flag =
      "(config) => { const before = Boolean(config.state.flag); config.state.flag = true; return { body: String(before) }; }";
    const definition = imposter(port, { stubs: [{ responses: [{ inject: flag }] }] });
    await objectFor(port).put(definition);
    expect(await (await send(`/i/${port}/`)).text()).toBe("false");
    expect(await (await send(`/i/${port}/`)).text()).toBe("true");
    await objectFor(port).put(definition);
    expect(await (await send(`/i/${port}/`)).text()).toBe("false");
  });

  it("answers a function that never uses state at the front door, counting each request once", async () => {
    const port = freshPort();
    const decorate = "(config, response) => { response.body = 'decorated ' + config.request.path; }";
    await objectFor(port).put(imposter(port, { stubs: [decorated(decorate)] }));
    expect(await texts(`/i/${port}/a`, 3)).toEqual(Array(3).fill("decorated /a"));
    expect(servedByObject(port)).toBe(false);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(3);
  });

  it.each([
    [
      "a decorator",
      decorated(
        "(config, response) => { config.state.n = (config.state.n || 0) + 1; response.body = String(config.state.n); }",
      ),
    ],
    [
      "a response inject's injectState",
      {
        responses: [
          {
            inject:
              "(config, injectState) => { injectState.n = (injectState.n || 0) + 1; return { body: String(injectState.n) }; }",
          },
        ],
      },
    ],
  ])("sends %s that keeps state to the object from its first request, run once per request", async (_name, stub) => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [stub] }));
    expect(await texts(`/i/${port}/`, 3)).toEqual(["1", "2", "3"]);
    expect(servedByObject(port)).toBe(true);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(3);
  });

  it("answers a function that puts the state in its response with the state itself", async () => {
    const port = freshPort();
    const decorate = "(config, response) => { response.body = JSON.stringify(config.state); }";
    await objectFor(port).put(imposter(port, { stubs: [decorated(decorate)] }));
    expect(await texts(`/i/${port}/`, 2)).toEqual(["{}", "{}"]);
    expect(servedByObject(port)).toBe(true);
  });

  it("answers a failing function at the front door with mb's envelope, counted once", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [decorated("() => { throw new Error('boom'); }")] }));
    const response = await send(`/i/${port}/`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ errors: [{ code: "invalid injection" }] });
    expect(servedByObject(port)).toBe(false);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(1);
  });
});
