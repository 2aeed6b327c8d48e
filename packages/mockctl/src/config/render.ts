import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { render } from "ejs";
import { CliError } from "../output.ts";

/**
 * A config file rendered as `mb --configfile` renders it (mountebank-formatters 1.x, EJS 2.7.4): EJS 2
 * syntax, `<% include other.ejs %>` resolved from the file's folder, `stringify(file, data)` rendering
 * another file relative to the ROOT config file with `data` in scope and answering its text as JSON string
 * content (quotes stripped, so a template writes `"body": "<%- stringify('body.json') %>"`), and `inject`
 * as the old name of `stringify`. `noParse` skips EJS, as mb's --noParse.
 */
export function renderConfigFile(file: string, noParse = false): string {
  const contents = readFile(file);
  if (noParse) return contents;
  const helper = stringifyFor(file);
  try {
    return render(contents, { filename: file, stringify: helper, inject: helper });
  } catch (error) {
    // eta's tags are EJS's: a saved file with `"_template": "eta"` responses renders as EJS and fails.
    const hint =
      contents.includes("<%") && contents.includes('"_template"')
        ? "The file holds eta templates (`_template`), whose <% %> tags EJS reads too: load it with --noParse, as `mockctl save` wrote it."
        : undefined;
    throw new CliError(`${file}: the EJS template did not render`, ejsDetails(error), hint);
  }
}

function readFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new CliError(code === "ENOENT" ? `No such file: ${file}` : `${file}: ${lastLine(error)}`);
  }
}

// EJS's advice that follows every compile error (EJS-Lint, `async: true`) says nothing about the file.
const EJS_ADVICE = /If the above error is not helpful|EJS-Lint|if you meant to create an async function/;

/**
 * What EJS says went wrong: a compile error's message ("Unexpected token ';' in x.ejs while compiling ejs"),
 * or a run error's place, the line marked `>>` and its message ("nosuchvar is not defined").
 */
export function ejsDetails(error: unknown): string[] {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split("\n").filter((line) => line.trim() !== "" && !EJS_ADVICE.test(line));
  const marked = lines.find((line) => line.trimStart().startsWith(">>"));
  const picked = [lines[0], marked?.trim(), lines.at(-1)].filter((line) => line !== undefined);
  return picked.length > 0 ? [...new Set(picked)] : [text];
}

function lastLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(-1)[0] ?? text
  );
}

/**
 * mb's `stringify(filename, includeFile, data)`: the first argument used to be the variable's name, so a
 * two-argument call `stringify(file, data)` names the file in the first slot (mountebank-formatters keeps
 * both signatures). Files are resolved against the root config file's folder, not the includer's.
 */
function stringifyFor(rootFile: string) {
  const stringify = (filename: string, includeFile?: unknown, data?: unknown): string => {
    let file = filename;
    let scope = data;
    if (typeof includeFile === "string") file = includeFile;
    else if (data === undefined) scope = includeFile;
    const path = join(dirname(rootFile), file);
    const rendered = render(readFile(path), {
      data: scope,
      filename: rootFile,
      stringify,
      inject: stringify,
    });
    const quoted = JSON.stringify(rendered.trim());
    return quoted.substring(1, quoted.length - 1);
  };
  return stringify;
}
