/** Why a pattern risks catastrophic backtracking on a backtracking engine such as V8's, which mb uses as is. */
export type BacktrackingRisk = "nested quantifiers" | "overlapping alternatives";

/** The length of a quantifier that repeats without a fixed count at `at`: `+`, `*`, `{n,}`, `{n,m}`; else 0. */
function variableQuantifierAt(pattern: string, at: number): number {
  const char = pattern[at];
  if (char === "+" || char === "*") return 1;
  const range = /^\{\d+,\d*\}/.exec(pattern.slice(at));
  return range === null ? 0 : range[0].length;
}

/** The group's alternatives at its own depth (`a|b(c|d)` is two), or none for a lookaround or named group. */
function alternatives(group: string): string[] {
  if (group.startsWith("?") && !group.startsWith("?:")) return [];
  const body = group.startsWith("?:") ? group.slice(2) : group;
  const parts: string[] = [];
  let [depth, inClass, start] = [0, false, 0];
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === "\\") i++;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "|" && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, body.slice(start)];
}

/** What an alternative must start with: an escape, a class, a character; undefined when a group decides. */
function firstToken(alternative: string): string | undefined {
  if (alternative.startsWith("(")) return undefined;
  if (alternative.startsWith("\\")) return alternative.slice(0, 2);
  if (alternative.startsWith("[")) return alternative.slice(0, alternative.indexOf("]", 2) + 1 || undefined);
  return alternative.slice(0, 1); // "" for an empty alternative, which matches whatever another does
}

/** Two alternatives of a repeated group that can start alike (`(a|aa)+`, `(x|)*`): mb may try both at length. */
function overlapping(group: string): boolean {
  const firsts = alternatives(group).map(firstToken);
  if (firsts.length < 2 || firsts.includes(undefined)) return false;
  return firsts.includes("") || new Set(firsts).size < firsts.length;
}

/**
 * Reads the pattern's groups by depth: a group repeated without a fixed count that holds such a repetition
 * itself (`(a+)+`, `((\w*))*`) or whose alternatives can start alike (`(a|aa)+`). A fixed count
 * (`(\d{3}-)+`) and disjoint alternatives (`(a|b)+`) are no such risk. A heuristic on the source: classes
 * that overlap (`(\w|\d)+`) are not seen.
 */
export function backtrackingRisk(pattern: string): BacktrackingRisk | undefined {
  const open: { start: number; holds: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") i++;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") open.push({ start: i, holds: false });
    else if (char === ")") {
      const group = open.pop();
      if (group === undefined) continue;
      const quantified = variableQuantifierAt(pattern, i + 1) > 0;
      if (quantified && group.holds) return "nested quantifiers";
      if (quantified && overlapping(pattern.slice(group.start + 1, i))) return "overlapping alternatives";
      const parent = open.at(-1);
      if (parent !== undefined && (group.holds || quantified)) parent.holds = true;
    } else if (variableQuantifierAt(pattern, i) > 0) {
      const parent = open.at(-1);
      if (parent !== undefined) parent.holds = true;
    }
  }
  return undefined;
}
