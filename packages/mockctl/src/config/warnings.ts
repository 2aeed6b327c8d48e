import { compileUserRegex, regexSources } from "@mockctl/core";
import { canonicalJson } from "./canonical.ts";

/** `mockctl validate`'s own findings on a valid imposter: things mb accepts that are likely mistakes. */
export interface Finding {
  stub: number;
  message: string;
}

const predicatesOf = (stub: unknown): unknown[] => {
  const predicates = (stub as { predicates?: unknown } | null)?.predicates;
  return Array.isArray(predicates) ? predicates : [];
};

/** An injected predicate can answer differently each time, so it never makes a stub "always match". */
const injects = (predicate: unknown): boolean => canonicalJson(predicate).includes('"inject":');

/**
 * mb answers with the first stub whose predicates all hold (models/stubRepository.js), so a stub with
 * none catches every request and every stub after it is dead; likewise a stub whose predicates are a
 * subset of a later stub's holds whenever the later one would.
 */
export function shadowFindings(stubs: unknown[]): Finding[] {
  const findings: Finding[] = [];
  const keys = stubs.map((stub) => predicatesOf(stub).map(canonicalJson));
  const last = stubs.length - 1;
  keys.forEach((mine, j) => {
    if (mine.length === 0 && j < last) {
      findings.push({ stub: j, message: `stub ${j} has no predicates (a catch-all) but is not last` });
    }
    const earlier = keys.findIndex(
      (theirs, i) =>
        i < j && theirs.every((key) => mine.includes(key)) && !predicatesOf(stubs[i]).some(injects),
    );
    if (earlier >= 0) {
      findings.push({
        stub: j,
        message: `stub ${j} is never reached: stub ${earlier} matches every request it matches, first`,
      });
    }
  });
  return findings;
}

/** A quantifier that repeats without a fixed count at `at`: `+`, `*`, `{n,}` or `{n,m}` (not `?` or `{n}`). */
function variableQuantifierAt(pattern: string, at: number): number {
  const char = pattern[at];
  if (char === "+" || char === "*") return 1;
  const range = /^\{\d+,\d*\}/.exec(pattern.slice(at));
  return range === null ? 0 : range[0].length;
}

/**
 * Whether a group that repeats without a fixed count holds such a repetition itself, at any depth:
 * `(a+)+`, `((\w*))*`, `(a|b+){2,}`; the classic shape of catastrophic backtracking on a backtracking engine
 * such as V8's, which Mountebank uses as it is. A fixed count (`(\d{3}-)+`) is no such risk. Overlapping
 * alternatives (`(a|aa)+`) are a risk too that this reading of the source does not see.
 */
export function nestsQuantifiers(pattern: string): boolean {
  const open: boolean[] = []; // per open group: whether it holds a variable quantifier
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      inClass = char !== "]";
      continue;
    }
    if (char === "[") inClass = true;
    else if (char === "(") open.push(false);
    else if (char === ")") {
      const holds = open.pop() ?? false;
      const quantified = variableQuantifierAt(pattern, i + 1) > 0;
      if (holds && quantified) return true;
      if ((holds || quantified) && open.length > 0) open[open.length - 1] = true;
    } else if (variableQuantifierAt(pattern, i) > 0 && open.length > 0) open[open.length - 1] = true;
  }
  return false;
}

/**
 * Patterns that nest quantifiers and so go to the linear engine (re2js, packages/core/src/regex): safe here,
 * but a risk of catastrophic backtracking under mb, and slower per request than V8. Other patterns the
 * linear engine takes are not worth a warning: `--strict` would fail on most alternations.
 */
export function regexFindings(stubs: unknown[]): Finding[] {
  const findings: Finding[] = [];
  stubs.forEach((stub, index) => {
    for (const source of new Set(regexSources(stub))) {
      if (!nestsQuantifiers(source)) continue;
      let engine: string;
      try {
        engine = compileUserRegex(source, "i").engine;
      } catch {
        continue; // invalid or refused patterns are validation errors, reported by the core
      }
      if (engine !== "re2") continue;
      findings.push({
        stub: index,
        message:
          `stub ${index}: /${source}/ nests quantifiers, which risks catastrophic backtracking in Mountebank ` +
          "(here it runs on the slower linear engine); quantify once, e.g. (a+)+ as a+",
      });
    }
  });
  return findings;
}

export function imposterFindings(imposter: unknown): Finding[] {
  const stubs = (imposter as { stubs?: unknown } | null)?.stubs;
  const list = Array.isArray(stubs) ? stubs : [];
  return [...shadowFindings(list), ...regexFindings(list)];
}
