import { describe, expect, it } from "vitest";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

// The user-code runtime is tested on its own in src/user-code; these tests show it is wired into serving:
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
});
