import { emptyUserState, type IsResponse } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { mbBehaviors, mbError, mbLogger, ourError, request, runtimeFor } from "../../test/node-runtime.ts";

const base = (): IsResponse => ({ statusCode: 200, headers: { a: "1" }, body: "x" });

describe("decorate", () => {
  const decorators: Array<[string, string]> = [
    [
      "mutates in place",
      "(config, response) => { response.body += '!'; response.headers.b = config.request.path; }",
    ],
    ["mutates config.response", "(config) => { config.response.statusCode = 418; }"],
    ["returns a new response", "(config, response) => ({ body: response.body + config.body })"],
    ["returns an async response", "async (config, response) => ({ body: 'async ' + response.body })"],
    ["sees mb's config keys", "(config) => ({ body: Object.keys(config).join() })"],
  ];
  it.each(decorators)("%s as in mb", async (_name, source) => {
    const run = await runtimeFor("decorate", [source]);
    const ours = await run("decorate", source, { request, response: base(), state: emptyUserState() });
    const theirs = await mbBehaviors.execute(request, base(), [{ decorate: source }], mbLogger, {});
    expect(ours).toMatchObject({ ok: true });
    expect(ours.ok && ours.value).toEqual(theirs);
  });

  it("shares imposterState through config.state", async () => {
    const source = "(config) => { config.state.seen = (config.state.seen || 0) + 1; }";
    const run = await runtimeFor("decorate", [source]);
    const state = { imposterState: { seen: 1 }, injectState: {} };
    const theirs = { seen: 1 };
    await mbBehaviors.execute(request, base(), [{ decorate: source }], mbLogger, theirs);
    const ours = await run("decorate", source, { request, response: base(), state });
    expect(ours.state?.imposterState).toEqual(theirs);
  });

  it.each([
    ["() => { throw new TypeError('bad decorator'); }"],
    ["() => { throw 'text'; }"],
    ["42"],
  ])("fails like mb (with a logger that JSON.stringify survives) for %s", async (source) => {
    const run = await runtimeFor("decorate", [source]);
    const ours = await run("decorate", source, { request, response: base(), state: emptyUserState() });
    const theirs = await mbError(() =>
      mbBehaviors.execute(request, base(), [{ decorate: source }], mbLogger, {}),
    );
    expect(ourError("decorate", source, ours)).toEqual(theirs);
  });

  it("keeps the mutated response when an async decorator resolves to nothing (mb loses it)", async () => {
    const source = "async (config, response) => { response.body = 'changed'; }";
    const run = await runtimeFor("decorate", [source]);
    const ours = await run("decorate", source, { request, response: base(), state: emptyUserState() });
    expect(ours).toMatchObject({ ok: true, value: { body: "changed" } });
  });
});

describe("wait", () => {
  it.each([
    ["() => 25", 25],
    ["function () { return '12'; }", 12],
    ["() => ({})", Number.NaN],
    ["() => Promise.resolve(5)", Number.NaN], // mb hands the Promise to setTimeout, which coerces it
  ])("%s gives %s", async (source, expected) => {
    const run = await runtimeFor("wait", [source]);
    expect(await run("wait", source)).toEqual({ ok: true, value: expected });
  });

  it("is called with no arguments", async () => {
    const source = "function () { return arguments.length === 0 ? 1 : 2; }";
    const run = await runtimeFor("wait", [source]);
    expect(await run("wait", source)).toEqual({ ok: true, value: 1 });
  });

  it.each([
    ["() => { throw new Error('no wait'); }"],
    ["() => { throw 'text'; }"],
    ["(x) => x.y"],
    ["x"],
  ])("fails like mb for %s", async (source) => {
    const run = await runtimeFor("wait", [source]);
    const theirs = await mbError(() =>
      mbBehaviors.execute(request, base(), [{ wait: source }], mbLogger, {}),
    );
    expect(ourError("wait", source, await run("wait", source))).toEqual(theirs);
  });
});
