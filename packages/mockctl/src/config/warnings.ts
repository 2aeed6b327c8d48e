import { compileUserRegex, regexSources } from "@mockctl/core";
import { canonicalJson } from "./canonical.ts";
import { backtrackingRisk } from "./regex-risk.ts";

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

const ADVICE = {
  "nested quantifiers": ["nests quantifiers", "quantify once, e.g. (a+)+ as a+"],
  "overlapping alternatives": [
    "repeats alternatives that can start alike",
    "make them start apart, e.g. (a|aa)+ as a+",
  ],
} as const;

/**
 * Patterns with a shape that risks catastrophic backtracking under mb (regex-risk.ts). Here they go to the
 * linear engine (re2js, packages/core/src/regex): safe, but slower per request than V8. Other patterns the
 * linear engine takes are not worth a warning: `--strict` would fail on most alternations.
 */
export function regexFindings(stubs: unknown[]): Finding[] {
  const findings: Finding[] = [];
  stubs.forEach((stub, index) => {
    for (const source of new Set(regexSources(stub))) {
      const risk = backtrackingRisk(source);
      if (risk === undefined) continue;
      let engine: string;
      try {
        engine = compileUserRegex(source, "i").engine;
      } catch {
        continue; // invalid or refused patterns are validation errors, reported by the core
      }
      if (engine !== "re2") continue;
      const [what, fix] = ADVICE[risk];
      findings.push({
        stub: index,
        message: `stub ${index}: /${source}/ ${what}, which risks catastrophic backtracking in Mountebank (here it runs on the slower linear engine); ${fix}`,
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
