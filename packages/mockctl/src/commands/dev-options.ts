import { resolve } from "node:path";
import type { OptionSpec } from "../command.ts";

/** `mockctl dev`'s options: `npm start`'s, and mb's command line's, which the launcher takes as they are. */
export const DEV_OPTIONS: Record<string, OptionSpec> = {
  port: {
    type: "string",
    short: "p",
    value: "<port>",
    description: "listen here (default 2525; 0 picks one)",
  },
  host: { type: "string", value: "<host>", description: "listen address (default 127.0.0.1)" },
  data: { type: "string", value: "<dir>", description: "where state persists (default ./.mockctl/data)" },
  datadir: { type: "string", value: "<dir>", description: "the same as --data (mb --datadir)" },
  allowInjection: { type: "boolean", short: "i", description: "allow inject/decorate (mb --allowInjection)" },
  apikey: { type: "string", value: "<key>", description: "require x-api-key on the admin API (mb --apikey)" },
  origin: {
    type: "string",
    multiple: true,
    value: "<origin>",
    description: "let this page's origin call the API",
  },
  allowHost: {
    type: "string",
    multiple: true,
    value: "<host>",
    description: "answer the API on this Host too",
  },
  rateLimit: {
    type: "string",
    value: "<n>",
    description: "requests per second per imposter, then 429 (default off)",
  },
  maxInFlight: {
    type: "string",
    value: "<n>",
    description: "requests inside workerd at once, the rest wait in line (default 16; 0 = off)",
  },
  configfile: {
    type: "string",
    value: "<file>",
    description: "deploy this file once ready (mb --configfile)",
  },
  noParse: { type: "boolean", description: "read --configfile as plain JSON, without EJS (mb --noParse)" },
  pidfile: {
    type: "string",
    value: "<file>",
    description: "write the platform's pid here once ready, as mb does (`kill $(cat <file>)` stops it)",
  },
  noImposterPorts: {
    type: "boolean",
    description: "serve imposters at their URLs only, not also on their own ports as mb does",
  },
  // mb's, so an mb command line runs unchanged; the launcher says each means nothing here.
  logfile: { type: "string", value: "<file>", description: "mb's; ignored (GET /logs and stdout instead)" },
  loglevel: { type: "string", value: "<level>", description: "mb's; ignored" },
  nologfile: { type: "boolean", description: "mb's; ignored" },
  localOnly: { type: "boolean", description: "mb's; ignored (127.0.0.1 unless --host)" },
  ipWhitelist: { type: "string", value: "<ips>", description: "mb's; ignored" },
  debug: { type: "boolean", description: "mb's; ignored" },
  // Taken so the launcher's answer to it is the one given: it says what to do instead.
  mock: { type: "boolean", description: "mb's; refused (set recordRequests on the imposters instead)" },
};

/** Paths the user gives are theirs; the launcher runs from the repository (its build needs that cwd). */
const PATHS = new Set(["data", "configfile", "pidfile"]);

/** The flags given, back as a command line for the launcher. */
export function launcherArgs(values: Record<string, unknown>, cwd: string, env: NodeJS.ProcessEnv): string[] {
  const args: string[] = [];
  // The data folder is always passed (resolved here, against the user's folder), so mb's --datadir is
  // passed as --data: the launcher would prefer the --data given beside it.
  const { datadir, ...rest } = values;
  const given: Record<string, unknown> = {
    ...rest,
    data: rest.data ?? datadir ?? env.MOCKCTL_DATA ?? ".mockctl/data",
  };
  for (const name of Object.keys(DEV_OPTIONS)) {
    const value = given[name];
    if (typeof value === "string" && PATHS.has(name)) args.push(`--${name}`, resolve(cwd, value));
    else if (value === true) args.push(`--${name}`);
    else if (typeof value === "string") args.push(`--${name}`, value);
    else if (Array.isArray(value)) for (const v of value) args.push(`--${name}`, String(v));
  }
  return args;
}
