import type { MbError } from "../errors.ts";
import { predicateDepth } from "./predicate-walk.ts";
import { regexSources } from "./regex-sources.ts";
import { field, utf8Length } from "./values.ts";

/** The platform's limits on what one imposter may hold. Mountebank has none of these. */
export interface Limits {
  /** Stubs in one imposter. The load tests use 10,000. */
  maxStubs: number;
  /** Responses in one stub (each `repeat` counts once). */
  maxResponsesPerStub: number;
  /** Levels of predicates: a top-level predicate is 1, each `not`/`or`/`and` adds one. */
  maxPredicateDepth: number;
  /** Characters in one regular expression: `matches` values, `except`, regex selectors of copy/lookup. */
  maxRegexLength: number;
  /** Bytes of the imposter's definition as UTF-8 JSON, as it is stored. */
  maxImposterBytes: number;
}

/** The defaults, documented in the README. An operator may lower or raise them per deployment. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxStubs: 20_000,
  maxResponsesPerStub: 10_000,
  maxPredicateDepth: 32,
  maxRegexLength: 4_096,
  maxImposterBytes: 10 * 1024 * 1024,
});

export function resolveLimits(overrides?: Partial<Limits>): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}

/**
 * Every limit answers with the platform's own code, `limit exceeded` (HTTP 413), a message naming the
 * limit and both numbers, and `data: { limit, max, actual }` for programs.
 */
export function limitExceeded(limit: keyof Limits, max: number, actual: number, message: string): MbError {
  return { code: "limit exceeded", message, data: { limit, max, actual } };
}

export function stubCountError(count: number, limits: Limits): MbError | undefined {
  if (count <= limits.maxStubs) return undefined;
  return limitExceeded(
    "maxStubs",
    limits.maxStubs,
    count,
    `an imposter may have at most ${limits.maxStubs} stubs; this one would have ${count}`,
  );
}

/** Checks JSON text already produced for the definition (the caller serializes once). */
export function imposterSizeError(json: string, limits: Limits): MbError | undefined {
  const bytes = utf8Length(json);
  if (bytes <= limits.maxImposterBytes) return undefined;
  return limitExceeded(
    "maxImposterBytes",
    limits.maxImposterBytes,
    bytes,
    `an imposter may take at most ${limits.maxImposterBytes} bytes as JSON; this one takes ${bytes}`,
  );
}

/** The per-stub limits; the first one broken, since a broken limit makes deeper checks pointless. */
export function stubLimitError(stub: unknown, limits: Limits): MbError | undefined {
  const responses = field(stub, "responses");
  const count = Array.isArray(responses) ? responses.length : 0;
  if (count > limits.maxResponsesPerStub) {
    return limitExceeded(
      "maxResponsesPerStub",
      limits.maxResponsesPerStub,
      count,
      `a stub may have at most ${limits.maxResponsesPerStub} responses; this one has ${count}`,
    );
  }
  const depth = predicateDepth(field(stub, "predicates"));
  if (depth > limits.maxPredicateDepth) {
    return limitExceeded(
      "maxPredicateDepth",
      limits.maxPredicateDepth,
      depth,
      `predicates may be nested at most ${limits.maxPredicateDepth} levels deep; these are ${depth}`,
    );
  }
  const longest = regexSources(stub).reduce((max, source) => Math.max(max, source.length), 0);
  if (longest > limits.maxRegexLength) {
    return limitExceeded(
      "maxRegexLength",
      limits.maxRegexLength,
      longest,
      `a regular expression may have at most ${limits.maxRegexLength} characters; one here has ${longest}`,
    );
  }
  return undefined;
}
