import { env } from "cloudflare:workers";
import { createEngine, emptyState, type Imposter, MbFailure, type MbRequest } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { createUserCodeDeps, emptyUserState } from "./index.ts";

const request: MbRequest = {
  requestFrom: "127.0.0.1:5000",
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  body: "",
  ip: "127.0.0.1",
};
const imposter = (stubs: Imposter["stubs"] = []): Imposter => ({ protocol: "http", port: 4546, stubs });

async function failureOf(work: unknown): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    if (error instanceof MbFailure) return error.errors[0];
    throw error;
  }
  throw new Error("expected a failure");
}

describe("the sandbox", () => {
  it("refuses the network: fetch inside user code fails", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState() });
    const source =
      "(config) => { fetch('http://example.com/').then(() => config.callback({ body: 'fetched' }), (e) => config.callback({ body: String(e) })); }";
    const answer = await deps.inject(source, request);
    expect(answer.body).toMatch(/not permitted to access the internet/);
  });

  it("has a process with an empty env only, no eval, and the Node globals mb's functions use", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState() });
    const source = `() => {
      let evaluated;
      try { evaluated = eval("1 + 1"); } catch (error) { evaluated = error.name; }
      const processKeys = Object.keys(process).join("+") + ":" + Object.keys(process.env).length;
      const decoded = Buffer.from("dTpw", "base64").toString();
      const hash = require("crypto").createHash("sha256").update("x").digest("hex").slice(0, 8);
      let fs;
      try { require("fs"); } catch (error) { fs = error.message; }
      return { body: [processKeys, evaluated, decoded, hash, typeof global, typeof module.exports, fs].join() };
    }`;
    expect(await deps.inject(source, request)).toEqual({
      body: "env:0,EvalError,u:p,2d711642,object,object,require('fs') is not available to user code here: only buffer, crypto and util are",
    });
  });

  // The README sends users porting mb functions that use Buffer or require("crypto") to these.
  it("has the web's equivalents of Buffer and require('crypto')", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState() });
    const source = `() => ({
      body: [atob(btoa("hi")), typeof crypto.randomUUID(), typeof crypto.subtle.digest, new TextDecoder().decode(new TextEncoder().encode("ok")), typeof globalThis].join()
    })`;
    expect(await deps.inject(source, request)).toEqual({ body: "hi,string,function,ok,object" });
  });

  it("stops waiting for a function that never answers", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState(), timeoutMs: 100 });
    const started = Date.now();
    // A pending timer keeps workerd from seeing the call as hung, so only our deadline ends it.
    const failure = await failureOf(deps.inject("(config) => { setTimeout(() => {}, 5000); }", request));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failure).toMatchObject({
      message: "invalid response injection",
      data: "user code did not finish within 100 ms",
    });
  });

  it("fails at once when workerd sees that a call can never answer", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState() });
    const failure = await failureOf(deps.decorate("() => new Promise(() => {})", request, {}));
    expect(failure).toMatchObject({
      message: "invalid decorator injection",
      data: "user code never answered",
    });
  });

  it("a function that does not compile fails alone, with the compiler's message as mb reports it", async () => {
    const broken = "function (config) { return { body: 1 + ; }; }";
    const fine = "(config) => ({ body: 'fine' })";
    const stubs = [{ responses: [{ inject: broken }, { inject: fine }] }];
    const deps = createUserCodeDeps(env, imposter(stubs), { state: emptyUserState() });
    expect(await deps.inject(fine, request)).toEqual({ body: "fine" });
    expect(await failureOf(deps.inject(broken, request))).toEqual({
      code: "invalid injection",
      message: "invalid response injection",
      source: `(${broken})(config, injectState, logger, done, imposterState);`,
      data: "Unexpected token ';'",
    });
    expect(await failureOf(deps.inject("42", request))).toMatchObject({ data: "42 is not a function" });
  });

  it("answers Mountebank's dry run with an empty response without running the function", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState() });
    const dryRun = { ...request, isDryRun: true } as MbRequest;
    expect(await deps.inject("() => { throw new Error('ran'); }", dryRun)).toEqual({});
  });

  it("runs a function its imposter did not list", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState() });
    expect(await deps.waitFunction("() => 7")).toBe(7);
  });

  it("fails cleanly when an answer cannot leave the isolate", async () => {
    const deps = createUserCodeDeps(env, imposter(), { state: emptyUserState() });
    const failure = await failureOf(deps.inject("() => ({ body: Symbol('x') })", request));
    expect(failure).toMatchObject({ code: "invalid injection", message: "invalid response injection" });
  });

  it("serves an imposter through the engine", async () => {
    const stubs = [
      {
        predicates: [{ inject: "(config) => config.path === '/'" }],
        responses: [
          {
            inject: "(config, injectState) => ({ body: 'n=' + (injectState.n = (injectState.n || 0) + 1) })",
            behaviors: [{ decorate: "(config, response) => { response.headers = { x: 'decorated' }; }" }],
          },
        ],
      },
    ];
    const served = imposter(stubs);
    const state = emptyUserState();
    const engine = createEngine(served);
    const deps = createUserCodeDeps(env, served, { state });
    const first = await engine.respond(request, emptyState(), deps);
    const second = await engine.respond(request, emptyState(), deps);
    expect(first.response).toMatchObject({ statusCode: 200, body: "n=1", headers: { x: "decorated" } });
    expect(second.response.body).toBe("n=2");
  });
});
