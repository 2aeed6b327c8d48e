import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { MbFailure } from "../errors.ts";
import type { MbRequest } from "../schemas/request.ts";
import { evaluatePredicate } from "./compile.ts";
import type { PredicateInjector } from "./types.ts";

const mb = createRequire(import.meta.url)("mountebank/src/models/predicates.js") as {
  evaluate(predicate: unknown, request: unknown, encoding: string, logger: unknown, state: unknown): unknown;
};
const logger = { error() {} };
const request: MbRequest = {
  requestFrom: "",
  method: "POST",
  path: "/a",
  query: {},
  headers: {},
  body: "x",
  ip: "",
};
const FN = "(config) => config.request.path === '/a'";

function failureOf(run: () => unknown): MbFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof MbFailure) return error;
  }
  throw new Error("expected an MbFailure");
}

describe("inject", () => {
  it("hands the source and the request to the injector and keeps its truthiness", () => {
    const seen: unknown[] = [];
    const inject: PredicateInjector = (source, req) => {
      seen.push(source, req);
      return "yes" as unknown as boolean;
    };
    expect(evaluatePredicate({ inject: FN }, request, { inject })).toBe(true);
    expect(seen).toEqual([FN, request]);
  });

  it("refuses to run without an injector", () => {
    const failure = failureOf(() => evaluatePredicate({ inject: FN }, request));
    expect(failure.errors[0]).toMatchObject({ code: "invalid injection", source: FN });
  });

  it("answers true on Mountebank's dry run without running anything", () => {
    const dryRun = { ...request, isDryRun: true } as MbRequest;
    expect(evaluatePredicate({ inject: "() => false" }, dryRun)).toBe(true);
    expect(mb.evaluate({ inject: "() => false" }, dryRun, "utf8", logger, {})).toBe(true);
  });

  it("wraps a throwing function as Mountebank's invalid predicate injection", () => {
    const source = "() => { throw new Error('boom'); }";
    const inject: PredicateInjector = () => {
      throw new Error("boom");
    };
    const ours = failureOf(() => evaluatePredicate({ inject: source }, request, { inject })).errors[0];
    const theirs = (() => {
      try {
        mb.evaluate({ inject: source }, request, "utf8", logger, {});
      } catch (error) {
        return error as Record<string, unknown>;
      }
    })();
    expect(ours).toEqual({
      code: theirs?.code,
      message: theirs?.message,
      source: theirs?.source,
      data: theirs?.data,
    });
    expect(ours).toMatchObject({
      code: "invalid injection",
      message: "invalid predicate injection",
      data: "boom",
    });
  });

  it("wraps an asynchronous rejection the same way", async () => {
    const inject: PredicateInjector = () => Promise.reject(new Error("late"));
    const result = evaluatePredicate({ inject: "f" }, request, { inject });
    await expect(result).rejects.toBeInstanceOf(MbFailure);
    await expect(result).rejects.toMatchObject({
      errors: [{ message: "invalid predicate injection", data: "late" }],
    });
  });

  it("adopts any thenable and resolves to a boolean", async () => {
    // biome-ignore lint/suspicious/noThenProperty: a non-native thenable (like an RPC answer) is the point here
    const thenable = { then: (resolve: (value: unknown) => void) => resolve(1) };
    const inject = (() => thenable) as unknown as PredicateInjector;
    const result = evaluatePredicate({ inject: "f" }, request, { inject });
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe(true);
  });

  it("passes through a failure the injector already shaped", () => {
    const shaped = new MbFailure({ code: "limit exceeded", message: "too slow" });
    const inject: PredicateInjector = () => {
      throw shaped;
    };
    expect(failureOf(() => evaluatePredicate({ inject: "f" }, request, { inject }))).toBe(shaped);
  });
});
