import type { Stub } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

const templated = (is: Record<string, unknown>, behaviors?: unknown[]): Stub =>
  ({ responses: [{ is: { _template: "eta", ...is }, ...(behaviors ? { behaviors } : {}) }] }) as Stub;

// The templates themselves are tested in the core (templates/); these show them wired into serving: at the
// front door, in the imposter's object when they use state, and failing with mb's injection envelope.
describe("serving eta response templates", () => {
  it("renders the request into headers and body, and keeps the definition as written", async () => {
    const port = freshPort();
    const stub = templated({
      headers: { "content-type": "application/json", "x-path": "<%= it.request.path %>" },
      body: '{"hello":"<%= it.request.query.name %>","id":<%= it.json.id %>}',
    });
    await objectFor(port).put(imposter(port, { stubs: [stub] }));
    const response = await send(`/i/${port}/users?name=Ada`, { method: "POST", body: '{"id":7}' });
    expect(response.headers.get("x-path")).toBe("/users");
    expect(await response.json()).toEqual({ hello: "Ada", id: 7 });
    const stored = await objectFor(port).read();
    expect(stored?.imposter.stubs[0]).toEqual(stub);
  });

  it("keeps imposter state across requests, shared with inject", async () => {
    const port = freshPort();
    const stubs = [
      {
        predicates: [{ equals: { path: "/inject" } }],
        responses: [{ inject: "(c) => { c.state.n = 100; return { body: 'set' }; }" }],
      },
      templated({ body: "<% it.state.n = (it.state.n || 0) + 1 %>visit <%= it.state.n %>" }),
    ];
    await objectFor(port).put(imposter(port, { stubs }));
    expect(await (await send(`/i/${port}/a`)).text()).toBe("visit 1");
    expect(await (await send(`/i/${port}/a`)).text()).toBe("visit 2");
    await send(`/i/${port}/inject`);
    expect(await (await send(`/i/${port}/a`)).text()).toBe("visit 101");
  });

  it("serves a template that uses state from the imposter's object, with no other user code", async () => {
    const port = freshPort();
    const counter = templated({ body: "<% it.state.n = (it.state.n || 0) + 1 %><%= it.state.n %>" });
    await objectFor(port).put(imposter(port, { stubs: [counter] }));
    expect([await (await send(`/i/${port}/`)).text(), await (await send(`/i/${port}/`)).text()]).toEqual([
      "1",
      "2",
    ]);
  });

  it("runs behaviors on what the template rendered", async () => {
    const port = freshPort();
    const copy = { copy: { from: "path", into: "$P", using: { method: "regex", selector: "\\w+" } } };
    await objectFor(port).put(imposter(port, { stubs: [templated({ body: "<%= 1 + 1 %> $P" }, [copy])] }));
    expect(await (await send(`/i/${port}/abc`)).text()).toBe("2 abc");
  });

  it("answers a template that throws with mb's 500 invalid injection, naming the field and line", async () => {
    const port = freshPort();
    await objectFor(port).put(
      imposter(port, { stubs: [templated({ body: "ok\n<%= it.json.missing.x %>" })] }),
    );
    const response = await send(`/i/${port}/`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as {
      errors: Array<{ code: string; message: string; data: string }>;
    };
    expect(body.errors[0]).toMatchObject({
      code: "invalid injection",
      message: "invalid response injection",
    });
    expect(body.errors[0]?.data).toMatch(/^template body, line 2: /);
  });
});
