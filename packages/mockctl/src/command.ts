import type { Client } from "./client.ts";
import type { Output } from "./output.ts";

/** One option of a command, as node:util parseArgs takes it, plus its help line. */
export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  description: string;
  /** Shown in help as the value's name, e.g. `--from <url>`. */
  value?: string;
}

export interface Context {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  out: Output;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The admin API the command talks to (--url, --token, MOCKCTL_URL/TOKEN, a profile, or the local default). */
  client(): Client;
}

/** One verb of the CLI (`<noun> <verb>` or a single word), with its help and handler. */
export interface Command {
  name: string;
  summary: string;
  /** Positionals as shown in usage, e.g. `[files…]` or `<port>`. */
  args?: string;
  /** Lines of help below the usage: what it does, in Mountebank's terms where it mirrors mb. */
  description?: string[];
  options?: Record<string, OptionSpec>;
  /** Takes --url/--token/--profile: it talks to a platform. */
  remote?: boolean;
  /** Bounds on the positionals; usage error (exit 2) outside them. */
  positionals?: { min: number; max: number };
  examples?: string[];
  run(context: Context): Promise<void>;
}

/** Options every command takes. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  json: { type: "boolean", description: "print one JSON object instead of text (errors too)" },
  help: { type: "boolean", short: "h", description: "show this help" },
};

/** Options of every command that talks to a platform. */
export const TARGET_OPTIONS: Record<string, OptionSpec> = {
  url: { type: "string", value: "<url>", description: "the platform's admin API (env MOCKCTL_URL)" },
  token: { type: "string", value: "<token>", description: "sent as x-api-key (env MOCKCTL_TOKEN)" },
  profile: { type: "string", value: "<name>", description: "a saved profile (env MOCKCTL_PROFILE)" },
};

export const stringValue = (context: Context, key: string): string | undefined => {
  const value = context.values[key];
  return typeof value === "string" ? value : undefined;
};

export const flag = (context: Context, key: string): boolean => context.values[key] === true;

export const stringList = (context: Context, key: string): string[] => {
  const value = context.values[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
};
