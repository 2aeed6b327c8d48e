import { RE2JS } from "re2js";
import { boundedMemo } from "../compiler/memo.ts";
import { LinearRegex, NativeRegex, type UserRegex } from "./engines.ts";
import { linearOnV8 } from "./linear-on-v8.ts";
import { parsePattern } from "./parse.ts";
import { toRe2, UnsupportedPattern } from "./to-re2.ts";

export type { UserRegex };

/**
 * A regular expression from a user (`matches`, `except`, copy and lookup `regex` selectors), run in
 * time linear in the input whatever the pattern (issue 15: `^/(a+)+$` held workerd's only thread for
 * 43 s on 33 characters; Mountebank 2.9.1 hangs the same way).
 *
 * Why two engines: re2js (RE2's automata in plain JavaScript) is linear for every pattern it accepts,
 * but about 10x slower than V8 per call on short inputs (0.7 µs against 0.06 µs, 100 body patterns),
 * and the regex-heavy load scenarios run a hundred patterns per request. So a pattern V8 provably runs
 * in linear time (linear-on-v8.ts: an anchored sequence whose variable atoms cannot hand characters to
 * their successor, or a short fixed-width one) keeps V8; every other pattern runs on re2js, translated
 * to RE2 syntax with JavaScript's meaning (to-re2.ts), behind a check that the input holds the
 * pattern's required literal, which answers most non-matching inputs without running an automaton.
 *
 * Backreferences and lookaround have no linear-time algorithm; a pattern using them, or a repetition
 * count above RE2's 1,000, is refused when the imposter is created (the dry run compiles every pattern
 * and reports UnsupportedPattern as `bad data`).
 *
 * Weighed and not taken: re2-wasm (a WebAssembly module per isolate, and RE2's own syntax without the
 * translation); a ReDoS checker alone (safe-regex2's star height misses `(a|a)*` and polynomial cases
 * such as `\s*\s*$`, recheck needs a JVM or a large bundle, and a checker that says "unsafe" still
 * leaves the pattern to run somewhere). Cost: re2js adds 160 KB minified (50 KB gzipped) to the edge
 * bundle (248 KB to 408 KB; gzipped 75 KB to 125 KB), and compiling one pattern on it takes 40-170 µs,
 * paid once per pattern and isolate (the route index only vets patterns, see checkUserRegex).
 */

/** Flags a user pattern may carry: `i`, `m`, and `g` (which only says that removeAll removes all). */
export type UserFlags = string;

/**
 * Compiles a pattern once per (flags, source) in this isolate. Throws V8's SyntaxError for an invalid
 * pattern (its message is what Mountebank reports) and UnsupportedPattern for a valid one no linear
 * engine runs.
 */
export function compileUserRegex(source: string, flags: UserFlags): UserRegex {
  const compiled = compiledMemo(`${flags}/${source}`);
  if (compiled instanceof Error) throw compiled;
  return compiled;
}

/**
 * Throws what compileUserRegex would, short of the linear engine's own compilation (a few times the cost
 * of the rest): for the route index, which vets every pattern of an imposter each time it compiles one.
 * RE2's rarer refusals (a program too large) surface when the pattern is first used, and at creation,
 * where the dry run compiles fully.
 */
export function checkUserRegex(source: string, flags: UserFlags): void {
  const problem = checkedMemo(`${flags}/${source}`);
  if (problem !== undefined) throw problem;
}

const checkedMemo = boundedMemo((key): Error | undefined => {
  const slash = key.indexOf("/");
  try {
    new RegExp(key.slice(slash + 1), key.slice(0, slash));
    toRe2(parsePattern(key.slice(slash + 1)));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
});

const compiledMemo = boundedMemo((key): UserRegex | Error => {
  const slash = key.indexOf("/");
  const flags = key.slice(0, slash);
  const source = key.slice(slash + 1);
  try {
    return build(source, flags);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
});

function build(source: string, userFlags: string): UserRegex {
  // V8's SyntaxError for an invalid pattern, with the flags in its message as Mountebank reports it.
  new RegExp(source, userFlags);
  const flags = userFlags.replace("g", "");
  const alts = parsePattern(source);
  if (linearOnV8(alts, flags)) return new NativeRegex(new RegExp(source, flags));
  return re2Regex(source, toRe2(alts), flags);
}

/** The linear engine whatever the pattern, so tests can hold its translation against V8. */
export function compileOnRe2(source: string, userFlags: string): UserRegex {
  new RegExp(source, userFlags);
  return re2Regex(source, toRe2(parsePattern(source)), userFlags.replace("g", ""));
}

function re2Regex(source: string, re2Source: string, flags: string): UserRegex {
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(re2Source, re2Flags(flags));
  } catch (error) {
    throw new UnsupportedPattern(`this pattern (the linear-time engine says: ${(error as Error).message})`);
  }
  return new LinearRegex(re2, source, flags);
}

function re2Flags(flags: string): number {
  return (flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes("m") ? RE2JS.MULTILINE : 0);
}
