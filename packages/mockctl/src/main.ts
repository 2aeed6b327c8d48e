import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createClient } from "./client.ts";
import { type Command, type Context, GLOBAL_OPTIONS, type OptionSpec, TARGET_OPTIONS } from "./command.ts";
import { COMMANDS } from "./commands/index.ts";
import { commandHelp, groupHelp, mainHelp } from "./help.ts";
import { optionValueProblem } from "./option-value.ts";
import { createOutput, EXIT, reportError, UsageError } from "./output.ts";
import { resolveTarget } from "./profiles.ts";

declare const MOCKCTL_VERSION: string | undefined;

function version(): string {
  if (typeof MOCKCTL_VERSION === "string") return MOCKCTL_VERSION; // set by the bundle at prepack
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return String(pkg.version);
}

/** The command named by the first one or two words (`deploy`, `imposters list`). */
function findCommand(argv: string[]): { command: Command; rest: string[] } | undefined {
  const two = `${argv[0]} ${argv[1]}`;
  const command = COMMANDS.find((c) => c.name === two) ?? COMMANDS.find((c) => c.name === argv[0]);
  if (command === undefined) return undefined;
  return { command, rest: argv.slice(command.name.split(" ").length) };
}

const isGroup = (word: string | undefined): boolean =>
  word !== undefined && COMMANDS.some((c) => c.name.startsWith(`${word} `));

function unknownCommand(word: string, verb?: string): UsageError {
  if (word.startsWith("-")) {
    // `mockctl --url x imposters list`: options are read after the command only.
    const name = word.replace(/^--?/, "").split("=")[0] ?? "";
    if (Object.hasOwn({ ...GLOBAL_OPTIONS, ...TARGET_OPTIONS }, name)) {
      return new UsageError(`${word} goes after the command: mockctl <command> ${word}`, "");
    }
    return new UsageError(`unknown option: ${word}`, "");
  }
  const verbs = COMMANDS.filter((c) => c.name.startsWith(`${word} `)).map((c) => c.name.split(" ")[1]);
  if (verbs.length > 0) {
    const what =
      verb === undefined || verb.startsWith("-")
        ? `mockctl ${word} needs`
        : `unknown command: ${word} ${verb}; try`;
    return new UsageError(`${what} one of: ${verbs.join(", ")}`, "");
  }
  return new UsageError(`unknown command: ${word}`, "");
}

function parseFor(command: Command, argv: string[]) {
  const specs: Record<string, OptionSpec> = {
    ...command.options,
    ...(command.remote ? TARGET_OPTIONS : {}),
    ...GLOBAL_OPTIONS,
  };
  const options = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      { type: spec.type, multiple: spec.multiple ?? false, ...(spec.short ? { short: spec.short } : {}) },
    ]),
  );
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const known = code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE";
    if (!known) throw new UsageError(message, command.name);
    // Node's own messages name its parser's view of the option; read what was typed from the tokens.
    const { tokens } = parseArgs({
      args: argv,
      options,
      allowPositionals: true,
      strict: false,
      tokens: true,
    });
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      throw new UsageError(optionValueProblem(tokens, specs) ?? message, command.name);
    }
    const unknown = tokens.find((token) => token.kind === "option" && !Object.hasOwn(options, token.name));
    const name = unknown?.kind === "option" ? unknown.rawName : "";
    throw new UsageError(`unknown option: ${name}`, command.name);
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const json = argv.includes("--json");
  try {
    if (argv[0] === "--version" || argv[0] === "-v") {
      // A script asking with --json reads one JSON object, as from every command.
      if (json) createOutput(true).success(`mockctl ${version()}`, { version: version() });
      else createOutput(false).line(version());
      return EXIT.ok;
    }
    // `mockctl help deploy` as git and npm read it: the named command's or noun's help.
    if (argv[0] === "help" && argv.length > 1) return main([...argv.slice(1), "--help"], env, cwd);
    if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
      console.log(mainHelp(COMMANDS));
      return argv.length === 0 ? EXIT.usage : EXIT.ok;
    }
    const found = findCommand(argv);
    if (found === undefined && isGroup(argv[0]) && (argv[1] === "--help" || argv[1] === "-h")) {
      console.log(groupHelp(argv[0] ?? "", COMMANDS));
      return EXIT.ok;
    }
    if (found === undefined) throw unknownCommand(argv[0] ?? "", argv[1]);
    const { command, rest } = found;
    const { values, positionals } = parseFor(command, rest);
    if (values.help === true) {
      console.log(commandHelp(command));
      return EXIT.ok;
    }
    const bounds = command.positionals ?? { min: 0, max: 0 };
    if (positionals.length < bounds.min || positionals.length > bounds.max) {
      const expected = command.args ? `expected ${command.args}` : "expected none";
      throw new UsageError(`wrong arguments: ${positionals.join(" ") || "none"} (${expected})`, command.name);
    }
    const context: Context = {
      values,
      positionals,
      out: createOutput(json),
      env,
      cwd,
      client: () => createClient(resolveTarget(values as Record<string, string>, env)),
    };
    await command.run(context);
    return EXIT.ok;
  } catch (error) {
    return reportError(error, json);
  }
}
