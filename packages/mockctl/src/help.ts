import { type Command, GLOBAL_OPTIONS, type OptionSpec, TARGET_OPTIONS } from "./command.ts";

const EXIT_CODES = ["Exit codes: 0 success, 1 failed (invalid config, refused, unreachable), 2 usage error."];

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : "    ";
    return [`${short}--${name}${spec.value ? ` ${spec.value}` : ""}`, spec.description] as const;
  });
  const width = Math.max(...entries.map(([left]) => left.length));
  return entries.map(([left, text]) => `  ${left.padEnd(width)}  ${text}`);
}

export function commandHelp(command: Command): string {
  const usage = `mockctl ${command.name}${command.args ? ` ${command.args}` : ""} [options]`;
  const lines = [usage, "", command.summary];
  if (command.description) lines.push("", ...command.description);
  if (command.options && Object.keys(command.options).length > 0) {
    lines.push("", "Options:", ...optionLines(command.options));
  }
  if (command.remote) lines.push("", "Target:", ...optionLines(TARGET_OPTIONS));
  lines.push("", "Global:", ...optionLines(GLOBAL_OPTIONS));
  if (command.examples) lines.push("", "Examples:", ...command.examples.map((e) => `  ${e}`));
  lines.push("", ...EXIT_CODES);
  return lines.join("\n");
}

export function mainHelp(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "mockctl <command> [options]",
    "",
    "Mountebank imposters on the mockctl platform: locally (mockctl dev) or on Cloudflare.",
    "",
    "Commands:",
    ...commands.map((c) => `  mockctl ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Target (commands that talk to a platform): --url, or MOCKCTL_URL; --token, or MOCKCTL_TOKEN;",
    "--profile, or MOCKCTL_PROFILE, or the one chosen with `mockctl profiles use`; else",
    "http://localhost:2525, the local platform.",
    "",
    "Global:",
    ...optionLines({
      ...GLOBAL_OPTIONS,
      version: { type: "boolean", short: "v", description: "print the version" },
    }),
    "",
    "Run `mockctl <command> --help` for a command's options.",
    ...EXIT_CODES,
  ].join("\n");
}

/** `mockctl imposters --help`: a noun's commands, each with its summary. */
export function groupHelp(noun: string, commands: Command[]): string {
  const group = commands.filter((c) => c.name.startsWith(`${noun} `));
  const width = Math.max(...group.map((c) => c.name.length));
  return [
    `mockctl ${noun} <command> [options]`,
    "",
    "Commands:",
    ...group.map((c) => `  mockctl ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    `Run \`mockctl ${noun} <command> --help\` for a command's options.`,
    ...EXIT_CODES,
  ].join("\n");
}
