import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The imposters of an mb `--datadir` in `folder`: mb keeps each as `<port>/imposter.json` (with `stubs/` and
 * `requests/` beside it). This platform keeps its own format there and reads none of mb's, so a team that
 * points it at mb's folder would otherwise start with no imposters and no word why.
 */
export function mbDatadirPorts(folder: string): number[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{1,5}$/.test(entry.name))
    .filter((entry) => existsSync(join(folder, entry.name, "imposter.json")))
    .map((entry) => Number(entry.name))
    .sort((a, b) => a - b);
}

/** The warning for such a folder, or undefined when it holds none of mb's imposters. */
export function mbDatadirWarning(folder: string): string | undefined {
  const ports = mbDatadirPorts(folder);
  if (ports.length === 0) return undefined;
  const shown = ports.length > 5 ? `${ports.slice(0, 5).join(", ")}, …` : ports.join(", ");
  return [
    `mockctl: ${folder} holds ${ports.length} imposter(s) of mb's --datadir (${shown}), which this platform does not read:`,
    `  to bring them over: mb --datadir ${folder} --port 2526, then npx mockctl import --from http://localhost:2526`,
  ].join("\n");
}
