import { emptyUserState, type IsResponse, type UserCodeKind } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { request, runtimeFor } from "../../test/node-runtime.ts";

const base = (): IsResponse => ({ statusCode: 200, headers: { a: "1" }, body: "x" });

// A call without state is a front door's probe: same answer as with state when the function never uses
// state, and `touched` (nothing else) whenever it does, however it does.
describe("a call without state", () => {
  const untouched: Array<[string, UserCodeKind, string]> = [
    [
      "a decorator that only reads the request",
      "decorate",
      "(config, response) => { response.body = config.request.path; }",
    ],
    [
      "a decorator that lists config's keys",
      "decorate",
      "(config) => ({ body: Object.keys(config).join() })",
    ],
    ["a decorator that holds state but never uses it", "decorate", "(config) => { const s = config.state; }"],
    ["a response inject", "response", "(config) => ({ body: config.request.method + ' ' + config.path })"],
    [
      "a response inject answering by callback",
      "response",
      "(config) => { config.callback({ body: 'later' }); }",
    ],
    ["a predicate", "predicate", "(config) => config.request.path === '/a'"],
    ["a failing decorator", "decorate", "() => { throw new Error('bad decorator'); }"],
  ];
  it.each(untouched)("answers as with state for %s", async (_name, kind, source) => {
    const run = await runtimeFor(kind, [source]);
    const withState = await run(kind, source, { request, response: base(), state: emptyUserState() });
    const probed = await run(kind, source, { request, response: base() });
    const { state: _state, ...expected } = withState;
    expect(probed).toEqual(expected);
    expect(probed).not.toHaveProperty("touched");
  });

  const touching: Array<[string, UserCodeKind, string]> = [
    ["reads config.state", "decorate", "(config) => { if (config.state.seen) return { body: 'seen' }; }"],
    ["writes config.state", "decorate", "(config) => { config.state.seen = true; }"],
    ["swallows the error of a use", "decorate", "(config) => { try { config.state.seen = 1; } catch {} }"],
    [
      "puts the state in its answer",
      "decorate",
      "(config, response) => { response.body = { s: config.state }; }",
    ],
    ["returns the state as its answer", "decorate", "(config) => config.state"],
    [
      "serializes the whole config",
      "decorate",
      "(config, response) => { response.body = JSON.stringify(config); }",
    ],
    ["tests a key of the state", "predicate", "(config) => 'n' in config.state"],
    [
      "uses the positional injectState",
      "response",
      "(config, injectState) => ({ body: String(injectState.n) })",
    ],
    [
      "logs a line (only the object keeps logs)",
      "decorate",
      "(config, response, logger) => { logger.info('x'); }",
    ],
    [
      "logs through config.logger",
      "response",
      "(config) => { config.logger.warn('w'); return { body: 'b' }; }",
    ],
    ["logs and then fails", "predicate", "(config, logger) => { logger.error('e'); throw new Error('x'); }"],
    [
      "uses the fifth argument, imposterState",
      "response",
      "(c, i, l, done, state) => { done({ body: Object.keys(state).join() }); }",
    ],
  ];
  it.each(touching)("reports touched for a function that %s", async (_name, kind, source) => {
    const run = await runtimeFor(kind, [source]);
    expect(await run(kind, source, { request, response: base() })).toEqual({ ok: false, touched: true });
  });

  it("answers with the lines a function logged when it has state, failed or not", async () => {
    const source =
      "(config, response, logger) => { logger.info('path %s', config.request.path); logger.debug('d'); }";
    const run = await runtimeFor("decorate", [source]);
    expect(
      await run("decorate", source, { request, response: base(), state: emptyUserState() }),
    ).toMatchObject({
      ok: true,
      logs: [
        { level: "info", message: "path /a" },
        { level: "debug", message: "d" },
      ],
    });
    const failing = "(config, response, logger) => { logger.warn('about to fail'); throw new Error('no'); }";
    const runFailing = await runtimeFor("decorate", [failing]);
    expect(
      await runFailing("decorate", failing, { request, response: base(), state: emptyUserState() }),
    ).toMatchObject({ ok: false, data: "no", logs: [{ level: "warn", message: "about to fail" }] });
    const quiet = "(config, response) => { response.body = 'quiet'; }";
    const runQuiet = await runtimeFor("decorate", [quiet]);
    const silent = await runQuiet("decorate", quiet, { request, response: base(), state: emptyUserState() });
    expect(silent).toMatchObject({ ok: true, value: { body: "quiet" } });
    expect(silent).not.toHaveProperty("logs");
  });

  it("leaves wait functions, which never get state, as they are", async () => {
    const source = "() => 25";
    const run = await runtimeFor("wait", [source]);
    expect(await run("wait", source)).toEqual({ ok: true, value: 25 });
  });
});
