import { emptyUserState, type UserState } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { mbError, mbLogger, mbResolver, ourError, request, runtimeFor } from "../../test/node-runtime.ts";

/** mb's state for one imposter: its resolver holds injectState, the imposter holds imposterState. */
function mbImposter() {
  const resolver = mbResolver.create();
  const imposterState: Record<string, unknown> = {};
  return {
    imposterState,
    answer: async (source: string) =>
      (await resolver.resolve({ inject: source }, request, mbLogger, imposterState, {})).response,
  };
}

describe("response inject", () => {
  const answers: Array<[string, string]> = [
    ["sync return", "(config) => ({ statusCode: 201, body: config.request.path })"],
    ["callback", "(config) => { setTimeout(() => config.callback({ body: 'later' }), 5); }"],
    ["4th argument", "(config, injectState, logger, done) => { done({ body: config.body }); }"],
    ["async function", "async (config) => ({ body: config.method })"],
    [
      "a falsy answer is still an answer",
      "(config) => { setTimeout(() => config.callback({ body: 'late' }), 5); return ''; }",
    ],
    ["first answer wins", "(config) => { config.callback({ body: 'first' }); return { body: 'second' }; }"],
    ["a thenable is adopted", "(config) => { config.callback(Promise.resolve({ body: 'adopted' })); }"],
    [
      "the old interface and mb's key order",
      "(config) => ({ body: JSON.stringify({ keys: Object.keys(config), q: config.query.q }) })",
    ],
  ];
  it.each(answers)("%s answers as in mb", async (_name, source) => {
    const run = await runtimeFor("response", [source]);
    const ours = await run("response", source, { request, state: emptyUserState() });
    expect(ours).toMatchObject({ ok: true });
    expect(ours.ok && ours.value).toEqual(await mbImposter().answer(source));
  });

  it("gives each call a process with an empty env and nothing else, so mb's defaults apply", async () => {
    const source =
      "(config) => { process.env.SEEN = 'yes'; return { body: [process.env.PORT || 'default', Object.keys(process).join()].join() }; }";
    const run = await runtimeFor("response", [source]);
    const answer = { ok: true, value: { body: "default,env" } };
    expect(await run("response", source, { request, state: emptyUserState() })).toMatchObject(answer);
    // A fresh env per call: what one call wrote is not there for the next.
    expect(await run("response", source, { request, state: emptyUserState() })).toMatchObject(answer);
  });

  it("keeps injectState and imposterState across calls, as mb does for one imposter", async () => {
    const source = `(config, injectState, logger, done, imposterState) => {
      injectState.n = (injectState.n || 0) + 1;
      config.state.m = (config.state.m || 0) + 10;
      return { body: [injectState.n, imposterState.m, config.state === imposterState].join() };
    }`;
    const run = await runtimeFor("response", [source]);
    const mb = mbImposter();
    let state: UserState = emptyUserState();
    for (let i = 0; i < 3; i++) {
      const ours = await run("response", source, { request, state });
      state = ours.state ?? state;
      expect(ours.ok && ours.value).toEqual(await mb.answer(source));
    }
    expect(state).toEqual({ imposterState: mb.imposterState, injectState: { n: 3 } });
  });

  it("keeps what the function changed in state before it threw", async () => {
    const source = "(config) => { config.state.before = true; throw new Error('after'); }";
    const run = await runtimeFor("response", [source]);
    const ours = await run("response", source, { request, state: emptyUserState() });
    expect(ours).toEqual({
      ok: false,
      data: "after",
      state: { imposterState: { before: true }, injectState: {} },
    });
  });

  it.each([
    ["() => { throw new Error('boom'); }"],
    ["() => { throw 'text'; }"],
    ["(config) => config.nothing.here"],
    ["42"],
  ])("fails like mb for %s", async (source) => {
    const run = await runtimeFor("response", [source]);
    const ours = await run("response", source, { request, state: emptyUserState() });
    const theirs = await mbError(() => mbImposter().answer(source));
    expect(ourError("response", source, ours)).toEqual(theirs);
  });

  it("reports an asynchronous rejection with its message (mb passes the raw error on)", async () => {
    const source = "async () => { throw new RangeError('late'); }";
    const run = await runtimeFor("response", [source]);
    expect(await run("response", source, { request, state: emptyUserState() })).toMatchObject({
      ok: false,
      data: "late",
    });
  });
});
