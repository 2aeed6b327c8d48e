import { describe, expect, it } from "vitest";
import { LOGGER_SOURCE, USER_LOG_CHARS, USER_LOG_LINES } from "./logger-source.ts";

type Line = { level: string; message: string };
type Logger = Record<"debug" | "info" | "warn" | "error", (...args: unknown[]) => void>;

const { loggerFor } = (await import(
  /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(`${LOGGER_SOURCE}\nexport { loggerFor };`)}`
)) as { loggerFor: (lines: Line[]) => Logger };

// Mountebank 2.9.1's own scoped logger over a logger that keeps what reaches it: the oracle.
const SCOPED_LOGGER = "mountebank/src/util/scopedLogger.js";
const { create } = (await import(/* @vite-ignore */ SCOPED_LOGGER)) as {
  create(base: unknown, scope: string): Logger;
};
function mbLines(log: (logger: Logger) => void): Line[] {
  const lines: Line[] = [];
  const base = Object.fromEntries(
    ["debug", "info", "warn", "error"].map((level) => [
      level,
      (message: string) => lines.push({ level, message }),
    ]),
  );
  log(create(base, "http:4545"));
  return lines.map(({ level, message }) => ({ level, message: message.replace(/^\[http:4545\] /, "") }));
}
function ourLines(log: (logger: Logger) => void): Line[] {
  const lines: Line[] = [];
  log(loggerFor(lines));
  return lines;
}

const nested = { a: 1, c: [1, "x", { d: null }], "e-f": true, g: { h: { i: { j: 1 } } } };
const request = {
  method: "POST",
  path: "/orders/42",
  query: { expand: "items" },
  headers: { "content-type": "application/json", "x-trace": "abc" },
  body: '{"id":42}',
};

describe("a user function's logger", () => {
  it.each<[string, unknown[]]>([
    ["a plain string", ["hello"]],
    ["%s, %d, %i, %f", ["%s is %d, %i, %f", "x", "42", 3.7, "1.5e3"]],
    ["%j of an object", ["body %j", { a: [1, 2] }]],
    ["%% with and without arguments", ["100%% sure %s", "yes"]],
    ["a lone %%", ["100%%"]],
    ["more directives than arguments", ["%s and %s", "one"]],
    ["more arguments than directives", ["got", "a", 2, true, null, undefined]],
    ["an object after the message", ["request", nested]],
    ["a short object", ["got", { a: 1, b: "two" }]],
    [
      "quotes and breaks inside an object",
      ["q", { a: "it's", b: 'say "hi"', c: `it's "x"`, d: "two\nlines" }],
    ],
    ["a request, across lines", ["request", request]],
    ["a request in %j and %o", ["%j / %o", request, request]],
    ["objects three levels deep", ["deep", { a: { b: { c: {} } } }, [[["x"]]]]],
    ["an array after the message", ["list", [1, "two", [3]]]],
    ["%s of an object", ["state %s", { n: 1, s: "x" }]],
    ["%d of an object", ["n %d", {}]],
    ["%o of a string", ["%o", "quoted"]],
    ["a number first", [42, "more"]],
    ["an object first", [{ a: 1 }, "more"]],
    ["undefined first", [undefined]],
    ["an empty object and array", ["empty", {}, []]],
    ["a function", ["fn", function named() {}]],
    // Items this wide are not grouped in columns (the logger's doc): one a line, the first 100 of them.
    ["a long array", ["many", Array.from({ length: 102 }, (_, i) => ({ id: i, name: `item number ${i}` }))]],
    [
      "an array one past the count",
      ["many", Array.from({ length: 101 }, (_, i) => ({ id: i, name: "x".repeat(7) }))],
    ],
  ])("formats %s as Mountebank does", (_name, args) => {
    const log = (logger: Logger) => logger.info(...args);
    expect(ourLines(log)).toEqual(mbLines(log));
  });

  it("keeps each level and the order of the lines", () => {
    const log = (logger: Logger) => {
      logger.debug("d");
      logger.info("i");
      logger.warn("w");
      logger.error("e");
    };
    expect(ourLines(log)).toEqual(mbLines(log));
    expect(ourLines(log).map((line) => line.level)).toEqual(["debug", "info", "warn", "error"]);
  });

  it(`keeps at most ${USER_LOG_LINES} lines of ${USER_LOG_CHARS} characters a call`, () => {
    const lines = ourLines((logger) => {
      for (let i = 0; i < USER_LOG_LINES + 50; i++) logger.info("line %d", i);
      logger.error("x".repeat(USER_LOG_CHARS * 2));
    });
    expect(lines).toHaveLength(USER_LOG_LINES);
    expect(lines.at(-1)?.message).toBe(`line ${USER_LOG_LINES - 1}`);
    const long = ourLines((logger) => logger.info("y".repeat(USER_LOG_CHARS * 2)));
    expect(long[0]?.message).toHaveLength(USER_LOG_CHARS);
  });

  it("survives a circular object", () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    const lines = ourLines((logger) => logger.info("loop %j", loop));
    expect(lines).toEqual([{ level: "info", message: "loop [Circular]" }]);
  });
});
