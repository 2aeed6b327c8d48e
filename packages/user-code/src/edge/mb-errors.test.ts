import { env } from "cloudflare:workers";
import { type Imposter, MbFailure, type MbRequest } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { createUserCodeDeps, emptyUserState } from "./index.ts";

const request: MbRequest = {
  requestFrom: "127.0.0.1:5000",
  method: "POST",
  path: "/a",
  query: {},
  headers: {},
  body: "",
  ip: "127.0.0.1",
};
const imposter: Imposter = { protocol: "http", port: 4548, stubs: [] };

async function errorsOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    if (error instanceof MbFailure) return error.errors;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("a function that throws fails with Mountebank's error (checked against mb 2.9.1)", () => {
  it.each([
    [
      "response",
      "function (config) { throw new Error('boom'); }",
      {
        code: "invalid injection",
        message: "invalid response injection",
        source:
          "(function (config) { throw new Error('boom'); })(config, injectState, logger, done, imposterState);",
        data: "boom",
      },
    ],
    [
      "predicate",
      "function () { throw 'str'; }",
      {
        code: "invalid injection",
        message: "invalid predicate injection",
        source: "(function () { throw 'str'; })(config, logger, imposterState);",
      },
    ],
    [
      "decorate",
      "(config) => { throw new TypeError('bad dec'); }",
      {
        code: "invalid injection",
        message: "invalid decorator injection",
        source: "((config) => { throw new TypeError('bad dec'); })(config, response, logger);",
        data: "bad dec",
      },
    ],
    [
      "wait",
      "function () { throw new Error('no wait'); }",
      {
        code: "invalid injection",
        message: "invalid wait injection",
        source: "function () { throw new Error('no wait'); }",
        data: "no wait",
      },
    ],
  ] as const)("%s", async (kind, source, expected) => {
    const deps = createUserCodeDeps(env, imposter, { state: emptyUserState() });
    const work = {
      response: () => deps.inject(source, request),
      predicate: () => deps.injectPredicate(source, request),
      decorate: () => deps.decorate(source, request, {}),
      wait: () => deps.waitFunction(source),
    }[kind];
    expect(await errorsOf(work())).toEqual([expected]);
  });
});
