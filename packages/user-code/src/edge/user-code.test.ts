import { env } from "cloudflare:workers";
import { type Imposter, MbFailure, type MbRequest } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { createUserCodeDeps, emptyUserState, type UserState } from "./index.ts";

const request: MbRequest = {
  requestFrom: "127.0.0.1:5000",
  method: "POST",
  path: "/a",
  query: { q: "1" },
  headers: { "content-type": "text/plain" },
  body: "hello",
  ip: "127.0.0.1",
};
const imposter = (stubs: Imposter["stubs"] = []): Imposter => ({ protocol: "http", port: 4545, stubs });
const depsFor = (state: UserState = emptyUserState(), stubs: Imposter["stubs"] = []) =>
  createUserCodeDeps(env, imposter(stubs), { state });

async function failureOf(work: unknown): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    if (error instanceof MbFailure) return error.errors;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("each kind of user function, in a loaded worker", () => {
  it("predicate inject: truthiness, the request copy and the old interface", async () => {
    const deps = depsFor();
    expect(
      await deps.injectPredicate(
        "(config) => config.request.path === '/a' && config.body === 'hello'",
        request,
      ),
    ).toBe(true);
    expect(await deps.injectPredicate("(config) => config.query.q === '2'", request)).toBe(false);
    expect(await deps.injectPredicate("async () => false", request)).toBe(true); // mb never awaits it
  });

  it("response inject: returned, or through the callback for async", async () => {
    const deps = depsFor();
    expect(await deps.inject("(config) => ({ statusCode: 201, body: config.method })", request)).toEqual({
      statusCode: 201,
      body: "POST",
    });
    const later = "(config) => { setTimeout(() => config.callback({ body: 'later' }), 20); }";
    expect(await deps.inject(later, request)).toEqual({ body: "later" });
    const done = "(config, injectState, logger, done) => { done({ body: typeof logger.warn }); }";
    expect(await deps.inject(done, request)).toEqual({ body: "function" });
  });

  it("finds a header by the name in any case, as mb's functions find it as the client sent it", async () => {
    const state = emptyUserState();
    const deps = depsFor(state);
    const read =
      "(config) => ({ body: [config.request.headers['Content-Type'], config.headers['CONTENT-TYPE'], config.request.headers['X-None']].join('|') })";
    expect(await deps.inject(read, request)).toEqual({ body: "text/plain|text/plain|" });
    // The headers object is still plain: it crosses back as an answer and as state.
    const echo =
      "(config) => { config.state.seen = config.request.headers; return { headers: config.request.headers, body: Object.keys(config.request.headers).join() }; }";
    expect(await deps.inject(echo, request)).toEqual({
      headers: { "content-type": "text/plain" },
      body: "content-type",
    });
    expect(state.imposterState).toEqual({ seen: { "content-type": "text/plain" } });
    const decorate = "(config, response) => { response.body = config.request.headers['content-TYPE']; }";
    expect(await deps.decorate(decorate, request, { body: "x" })).toEqual({ body: "text/plain" });
  });

  it("keeps Object's methods beside a header spelled like one, and answers a function that froze the headers", async () => {
    const deps = depsFor();
    const odd = { ...request, headers: { ...request.headers, hasownproperty: "1" } };
    const builtin = "(config) => ({ body: String(config.request.headers.hasOwnProperty('content-type')) })";
    expect(await deps.inject(builtin, odd)).toEqual({ body: "true" });
    const frozen =
      "(config) => { Object.freeze(config.request.headers); return { body: config.request.headers['Content-Type'] }; }";
    expect(await deps.inject(frozen, request)).toEqual({ body: "text/plain" });
  });

  it("decorate: mutated in place or replaced", async () => {
    const deps = depsFor();
    const mutate = "(config, response) => { response.body += config.request.path; }";
    expect(await deps.decorate(mutate, request, { statusCode: 200, body: "x" })).toEqual({
      statusCode: 200,
      body: "x/a",
    });
    const replace = "(config) => ({ body: config.response.body.toUpperCase() })";
    expect(await deps.decorate(replace, request, { body: "x" })).toEqual({ body: "X" });
  });

  it("wait: the milliseconds the function returns", async () => {
    const deps = depsFor();
    expect(await deps.waitFunction("function () { return 25; }")).toBe(25);
    expect(await deps.waitFunction("() => '40'")).toBe(40);
  });
});

describe("user state", () => {
  const count =
    "(config, injectState, logger, done, imposterState) => { injectState.n = (injectState.n || 0) + 1; config.state.m = (config.state.m || 0) + 10; return { body: [injectState.n, imposterState.m].join() }; }";

  it("is kept across calls, shared with predicates and decorators, and left in the caller's bag", async () => {
    const state = emptyUserState();
    const deps = depsFor(state);
    expect(await deps.inject(count, request)).toEqual({ body: "1,10" });
    expect(await deps.inject(count, request)).toEqual({ body: "2,20" });
    expect(
      await deps.injectPredicate("(config, logger, imposterState) => imposterState.m === 20", request),
    ).toBe(true);
    await deps.decorate("(config) => { config.state.decorated = true; }", request, {});
    expect(state).toEqual({ imposterState: { m: 20, decorated: true }, injectState: { n: 2 } });
  });

  it("survives persistence: a copy of the bag carries on where it stopped", async () => {
    const state = emptyUserState();
    await depsFor(state).inject(count, request);
    const restored = structuredClone(state);
    expect(await depsFor(restored).inject(count, request)).toEqual({ body: "2,20" });
  });

  it("loses no update when calls overlap, as in mb where each call runs to completion", async () => {
    const state = emptyUserState();
    const deps = depsFor(state);
    const bodies = await Promise.all(Array.from({ length: 5 }, () => deps.inject(count, request)));
    expect(bodies.map((answer) => answer.body)).toEqual(["1,10", "2,20", "3,30", "4,40", "5,50"]);
    expect(state.injectState).toEqual({ n: 5 });
  });

  it("keeps what a function changed before it threw", async () => {
    const state = emptyUserState();
    await failureOf(
      depsFor(state).inject("(config) => { config.state.before = 1; throw new Error('x'); }", request),
    );
    expect(state.imposterState).toEqual({ before: 1 });
  });
});
