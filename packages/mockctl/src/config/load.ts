import { resolve } from "node:path";
import { CliError } from "../output.ts";
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
    throw new CliError(
      `${file}: not JSON after EJS rendering`,
      [(error as Error).message, ...rendered.split("\n").slice(0, 20)],
      "mb would refuse it too (`Unable to parse configfile as JSON`); fix the template.",
    );
  }
  const list = (json as { imposters?: unknown } | null)?.imposters ?? [json];
  if (!Array.isArray(list)) throw new CliError(`${file}: "imposters" is not an array`);
  return list.map((definition, index) => ({ file, index, definition }));
}

export function loadConfigFiles(files: string[], cwd: string, noParse = false): SourcedImposter[] {
  return files.flatMap((file) => loadConfigFile(file, cwd, noParse));
}
