import type { OptionSpec } from "./command.ts";

/** One option as node:util parseArgs reads it with `tokens: true`, and strict: false. */
interface OptionToken {
  kind: "option";
  name: string;
  rawName: string;
  value?: string | undefined;
  inlineValue?: boolean | undefined;
}

/**
 * What was wrong with an option's value, in the CLI's words, for parseArgs' ERR_PARSE_ARGS_INVALID_OPTION_VALUE:
 * its own text ("Option '--savefile <value>' argument missing", or three lines for `--savefile --json`)
 * names Node's parser, not what to type. Undefined when no token shows the fault.
 */
export function optionValueProblem(
  tokens: ReadonlyArray<{ kind: string }>,
  specs: Record<string, OptionSpec>,
): string | undefined {
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const { name, rawName, value, inlineValue } = token as OptionToken;
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (spec === undefined) continue;
    const usage = `--${name} ${spec.value ?? "<value>"}`;
    if (spec.type === "boolean" && value !== undefined)
      return `${rawName} takes no value: ${rawName}=${value}`;
    if (spec.type !== "string") continue;
    if (value === undefined) return `${rawName} needs a value: ${usage}`;
    // `--savefile --json`: a forgotten value (Node will not take an option for one unless written inline).
    if (inlineValue === false && value.startsWith("-")) {
      return `${rawName} needs a value: ${usage}, or --${name}=<value> for one that starts with "-"`;
    }
  }
  return undefined;
}
