/**
 * Finds a literal that every match of a regular expression must contain, so the route index can treat
 * `matches` on the path like `contains` (or `startsWith`/`endsWith` when anchored) and run only the
 * regexes that survive. The parser is deliberately conservative: anything it does not fully understand
 * ends the current literal run, and a top-level alternation gives up. Only ASCII characters are kept:
 * under the `i` flag (without `u`) ASCII letters match ASCII letters only, so lower-casing the literal
 * and the path keeps "the regex matched ⇒ the folded path contains the folded literal" true.
 */

export interface RequiredLiteral {
  readonly text: string;
  /** The literal starts at index 0 of every match of the whole input (`^` directly before it). */
  readonly atStart: boolean;
  /** The literal ends at the end of the input (`$` directly after it, as the last token). */
  readonly atEnd: boolean;
}

const QUANTIFIER = /^\{\d+(?:,\d*)?\}/;
const SYNTAX = "^$\\.*+?()[]{}|/-";

/** The best required literal of a pattern compiled without the `m`, `s`, `u` or `v` flags, if any. */
export function requiredLiteral(source: string): RequiredLiteral | undefined {
  const runs: RequiredLiteral[] = [];
  let run = "";
  let runAtStart = source.startsWith("^");
  let lastWasLiteral = false;
  const endRun = (atEnd: boolean): void => {
    if (run !== "") runs.push({ text: run, atStart: runAtStart, atEnd });
    run = "";
    runAtStart = false;
    lastWasLiteral = false;
  };
  let i = runAtStart ? 1 : 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "|" || c === ")") return undefined;
    if (c === "*" || c === "+" || c === "?" || (c === "{" && QUANTIFIER.test(source.slice(i)))) {
      const { length, min } = quantifierAt(source, i);
      if (lastWasLiteral && min === 0) run = run.slice(0, -1);
      endRun(false);
      i += length;
      continue;
    }
    if (c === "$" && i === source.length - 1) {
      endRun(lastWasLiteral);
      break;
    }
    const literal = literalAt(source, i);
    if (literal !== undefined) {
      run += literal.char;
      lastWasLiteral = true;
      i += literal.length;
      continue;
    }
    endRun(false);
    i += opaqueLength(source, i);
  }
  endRun(false);
  return best(runs);
}

function quantifierAt(source: string, i: number): { length: number; min: number } {
  const c = source[i];
  let length = 1;
  let min = c === "+" ? 1 : 0;
  if (c === "{") {
    const text = QUANTIFIER.exec(source.slice(i))![0];
    length = text.length;
    min = Number.parseInt(text.slice(1), 10);
  }
  if (source[i + length] === "?") length++;
  return { length, min };
}

/** A single literal ASCII character at `i`, plain or escaped, or undefined. */
function literalAt(source: string, i: number): { char: string; length: number } | undefined {
  const c = source[i]!;
  if (c === "\\") {
    const next = source[i + 1];
    return next !== undefined && SYNTAX.includes(next) ? { char: next, length: 2 } : undefined;
  }
  if ("^$.[(){".includes(c)) return undefined;
  const code = c.charCodeAt(0);
  return code >= 0x20 && code < 0x7f ? { char: c, length: 1 } : undefined;
}

/** Length of a non-literal atom at `i`: an escape, a class, a group, `.`, an assertion or a non-ASCII char. */
function opaqueLength(source: string, i: number): number {
  const c = source[i];
  if (c === "\\") return escapeLength(source, i);
  if (c === "[") return classLength(source, i);
  if (c === "(") return groupLength(source, i);
  return 1;
}

// Over-consuming an escape only shortens literal runs, so take every character that could belong to it.
function escapeLength(source: string, i: number): number {
  const rest = source.slice(i + 1);
  const m = /^(?:u[0-9a-fA-F]{0,4}|x[0-9a-fA-F]{0,2}|c[A-Za-z]?|\d+|[kpP](?:[<{][^>}]*[>}]?)?|[\s\S]?)/.exec(
    rest,
  );
  return 1 + (m?.[0].length ?? 0);
}

function classLength(source: string, i: number): number {
  let j = i + 1;
  while (j < source.length && source[j] !== "]") j += source[j] === "\\" ? 2 : 1;
  return j + 1 - i;
}

function groupLength(source: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < source.length) {
    const c = source[j];
    if (c === "\\") j += 2;
    else if (c === "[") j += classLength(source, j);
    else {
      if (c === "(") depth++;
      else if (c === ")" && --depth === 0) return j + 1 - i;
      j++;
    }
  }
  return source.length - i;
}

/** Longest run wins; anchoring breaks ties because the prefix and suffix walks are cheaper. */
function best(runs: readonly RequiredLiteral[]): RequiredLiteral | undefined {
  let chosen: RequiredLiteral | undefined;
  const score = (r: RequiredLiteral): number => r.text.length * 4 + (r.atStart ? 2 : 0) + (r.atEnd ? 1 : 0);
  for (const r of runs) if (chosen === undefined || score(r) > score(chosen)) chosen = r;
  return chosen;
}
