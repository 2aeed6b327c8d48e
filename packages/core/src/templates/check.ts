import { parse as parseJavaScript } from "acorn";
import type { IsResponse } from "../schemas/response.ts";
import { templateSource } from "./compile.ts";
import { templateSites } from "./response-function.ts";

// Validation's side of templates, apart from the engine's so that acorn is bundled only where imposters
// are validated, never on the serving path.

/** A template that does not compile: the template line it failed on (1-based) and why. */
export interface TemplateProblem {
  line: number;
  reason: string;
}

export type CompiledTemplate = { ok: true; source: string } | { ok: false; problem: TemplateProblem };

/**
 * Validation's compile: eta only tokenizes the template, so the JavaScript inside its tags is parsed here
 * too (acorn, as a module, which is where it will run): a template that would not load is refused when
 * it is saved, not on its first request.
 */
export function compileTemplate(text: string): CompiledTemplate {
  let source: string;
  try {
    source = templateSource(text);
  } catch (error) {
    return { ok: false, problem: etaProblem(error) };
  }
  try {
    parseJavaScript(`export default (${source});`, { ecmaVersion: "latest", sourceType: "module" });
  } catch (error) {
    return { ok: false, problem: syntaxProblem(error, source) };
  }
  return { ok: true, source };
}

/** eta's parse errors read `… at line 2 col 3:` followed by the template's text around it. */
function etaProblem(error: unknown): TemplateProblem {
  const message = error instanceof Error ? error.message : String(error);
  const found = /^(?:\w+ Error )?(.*?) at line (\d+) col \d+:/s.exec(message);
  if (found) return { line: Number(found[2]), reason: found[1] ?? message };
  return { line: 1, reason: message.split("\n")[0] ?? message };
}

/** acorn's `Unexpected token (5:12)`: the template line is the last `__eta.line=N` eta wrote before it. */
function syntaxProblem(error: unknown, source: string): TemplateProblem {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.replace(/ \(\d+:\d+\)$/, "");
  const at = (error as { loc?: { line?: number } }).loc?.line ?? 1;
  const before = source.split("\n").slice(0, at).join("\n");
  const marks = [...before.matchAll(/__eta\.line=(\d+)/g)];
  const last = marks.at(-1)?.[1];
  return { line: last === undefined ? 1 : Number(last), reason };
}

/** The first template of the response that does not compile, with where it is. */
export function templateProblem(is: IsResponse): (TemplateProblem & { at: string }) | undefined {
  for (const site of templateSites(is)) {
    const compiled = compileTemplate(site.text);
    if (!compiled.ok) return { at: site.at, ...compiled.problem };
  }
  return undefined;
}
