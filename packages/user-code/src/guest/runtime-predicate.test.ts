import { emptyUserState } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { mbError, mbLogger, mbPredicates, ourError, request, runtimeFor } from "../../test/node-runtime.ts";

describe("predicate inject", () => {
  const cases: Array<[string, boolean]> = [
    ["(config) => config.request.path === '/a'", true],
    ["function (config) { return config.path === '/b'; }", false],
    ["async () => false", true], // a Promise is truthy: mb never awaits a predicate
    ["(config) => config.request.form === undefined && !('form' in config.request)", true],
    ["() => 'yes'", true],
    ["() => 0", false],
  ];
  it.each(cases)("%s answers %s, as in mb", async (source, expected) => {
    const run = await runtimeFor("predicate", [source]);
    const ours = await run("predicate", source, { request, state: emptyUserState() });
    const theirs = mbPredicates.evaluate({ inject: source }, request, "utf8", mbLogger, {});
    expect(ours).toMatchObject({ ok: true, value: expected });
    expect(Boolean(theirs)).toBe(expected);
  });

  it("shares config.state and the third argument, and sees the old interface on config", async () => {
    const source = `(config, logger, imposterState) => {
      imposterState.calls = (imposterState.calls || 0) + 1;
      config.state.keys = Object.keys(config);
      config.state.same = config.state === imposterState && config.headers === config.request.headers;
      config.state.logger = typeof logger.info;
      return true;
    }`;
    const run = await runtimeFor("predicate", [source]);
    const state = emptyUserState();
    await run("predicate", source, { request, state });
    const ours = (await run("predicate", source, { request, state })).state?.imposterState;
    const theirs: Record<string, unknown> = {};
    for (let i = 0; i < 2; i++) mbPredicates.evaluate({ inject: source }, request, "utf8", mbLogger, theirs);
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ calls: 2, same: true, logger: "function" });
  });

  it.each([
    ["() => { throw new Error('boom'); }"],
    ["() => { throw 'text'; }"],
    ["(config) => config.nothing.here"],
    ["42"],
  ])("fails like mb for %s", async (source) => {
    const run = await runtimeFor("predicate", [source]);
    const ours = await run("predicate", source, { request, state: emptyUserState() });
    const theirs = await mbError(() =>
      mbPredicates.evaluate({ inject: source }, request, "utf8", mbLogger, {}),
    );
    expect(ourError("predicate", source, ours)).toEqual(theirs);
  });
});
