import {
  type MbError,
  type MbRequest,
  type UserCall,
  type UserCodeKind,
  type UserOutcome,
  userCodeError,
} from "@mockctl/core";
import { buildUserCodeModules } from "../src/guest/build-modules.ts";

// Test helper: the runtime and function modules as the loaded worker holds them, run here in Node (the
// same V8 as workerd) next to Mountebank 2.9.1's own code, so tests can hold them to the same results.
// Modules are imported from data: URLs (they import nothing), so this file needs no node:* module.
const load = async (path: string): Promise<unknown> =>
  ((await import(/* @vite-ignore */ `mountebank/src/models/${path}`)) as { default: unknown }).default;

export const mbPredicates = (await load("predicates.js")) as {
  evaluate(predicate: unknown, request: unknown, encoding: string, logger: unknown, state: unknown): unknown;
};
export const mbBehaviors = (await load("behaviors.js")) as {
  execute(
    request: unknown,
    response: unknown,
    behaviors: unknown,
    logger: unknown,
    state: unknown,
  ): Promise<unknown>;
};
export const mbResolver = (await load("responseResolver.js")) as {
  create(): {
    resolve(
      config: unknown,
      request: unknown,
      logger: unknown,
      state: unknown,
      options: unknown,
    ): Promise<{ response: unknown }>;
  };
};
export const mbLogger = { debug() {}, info() {}, warn() {}, error() {} };

export const request = {
  requestFrom: "127.0.0.1:5000",
  method: "POST",
  path: "/a",
  query: { q: "1" },
  headers: { "content-type": "text/plain" },
  body: "hello",
  ip: "127.0.0.1",
  form: undefined,
} as MbRequest;

export type Run = (kind: UserCodeKind, source: string, call?: Partial<UserCall>) => Promise<UserOutcome>;

const importText = async (text: string): Promise<unknown> =>
  import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(text)}`);

export async function runtimeFor(kind: UserCodeKind, sources: string[]): Promise<Run> {
  const built = buildUserCodeModules(sources.map((source) => ({ kind, source })));
  const runtime = (await importText(built.modules["runtime.js"] ?? "")) as {
    run(fn: unknown, call: UserCall): Promise<UserOutcome>;
  };
  return async (kind, source, call = {}) => {
    const module = built.moduleFor(kind, source) ?? "";
    const fn = ((await importText(built.modules[module] ?? "")) as { default: unknown }).default;
    return runtime.run(fn, { kind, module, ...call });
  };
}

export async function mbError(run: () => unknown): Promise<MbError> {
  try {
    await run();
  } catch (error) {
    const { code, message, source, data } = error as MbError;
    return data === undefined ? { code, message, source } : { code, message, source, data };
  }
  throw new Error("mb did not fail");
}

export const ourError = (kind: UserCodeKind, source: string, outcome: UserOutcome) =>
  outcome.ok ? undefined : userCodeError(kind, source, outcome.data);
