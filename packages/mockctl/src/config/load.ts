import { resolve } from "node:path";
import { CliError } from "../output.ts";
import { excerptAt, invalidJsonAt, lineAndColumn } from "./json-error.ts";
import { renderConfigFile } from "./render.ts";

/** One imposter as a config file defines it, with where it came from for messages. */
export interface SourcedImposter {
  file: string;
  /** Position in the file's `imposters` array (0 for a top-level single imposter). */
  index: number;
  definition: unknown;
}

/** "file.ejs imposter 4545 (name)" or "file.ejs imposter #2" when it has no port. */
export function describeImposter(imposter: SourcedImposter): string {
  const def = imposter.definition as { port?: unknown; name?: unknown } | null;
  const id = def?.port !== undefined ? `imposter ${String(def.port)}` : `imposter #${imposter.index + 1}`;
  const name = typeof def?.name === "string" ? ` (${def.name})` : "";
  return `${imposter.file}: ${id}${name}`;
}

/**
 * The imposters of one config file: `{"imposters": [...]}`, or a single imposter at top level, as
 * mountebank-formatters reads `json.imposters || [json]`.
 */
export function loadConfigFile(file: string, cwd: string, noParse = false): SourcedImposter[] {
  const rendered = renderConfigFile(resolve(cwd, file), noParse);
  let json: unknown;
  try {
    json = JSON.parse(rendered);
  } catch (error) {
    throw notJson(file, rendered, error as Error, noParse);
  }
  const list = (json as { imposters?: unknown } | null)?.imposters ?? [json];
  if (!Array.isArray(list)) throw new CliError(`${file}: "imposters" is not an array`);
  return list.map((definition, index) => ({ file, index, definition }));
}

/** Where the text stops being JSON, shown as a compiler shows it: not the whole file, which may be 245 KB. */
function notJson(file: string, text: string, error: Error, noParse: boolean): CliError {
  // V8 echoes the source after its reason (`Unexpected token '}', "{…}" is not valid JSON`).
  const reason = error.message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, "");
  const hint = text.startsWith("\uFEFF")
    ? "The file starts with a byte-order mark (BOM), which JSON does not allow and mb refuses too: save it as UTF-8 without BOM."
    : `mb would refuse it too (\`Unable to parse configfile as JSON\`); fix the ${noParse ? "file" : "template"}.`;
  const notJson = `${file}: not JSON${noParse ? "" : " after EJS rendering"}`;
  const offset = invalidJsonAt(text);
  if (offset < 0) return new CliError(notJson, [reason], hint);
  const { line, column } = lineAndColumn(text, offset);
  const where = noParse ? "" : " of the rendered text";
  return new CliError(
    `${notJson} (line ${line}, column ${column}${where})`,
    [reason, ...excerptAt(text, offset)],
    hint,
  );
}

export function loadConfigFiles(files: string[], cwd: string, noParse = false): SourcedImposter[] {
  return files.flatMap((file) => loadConfigFile(file, cwd, noParse));
}
