import { writeFileSync } from "node:fs";
import { type NotStarted, START_FAILURE_FILE } from "@mockctl/contract/launcher-failure";

/** The options `npm start` takes (mb's, where they mean something here), for a wrong one's message. */
const OPTIONS =
  "--port, --host, --data (or --datadir), --allowInjection, --apikey, --origin, --allowHost, --configfile, --noParse, --rateLimit, --pidfile";

/** A start refused for a reason the user can act on: its message and hint are the whole answer. */
export class StartRefused extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** An error of Node's (listen, parseArgs) as it carries its code. */
type Coded = Error & { code?: string; port?: number; address?: string };

/**
 * In words a user can act on for the failures a user causes (a taken port, a wrong option or value); the
 * whole error, stack and all, for anything else, which is a fault of ours.
 */
export function whyNotStarted(error: unknown): NotStarted {
  if (!(error instanceof Error)) return { message: `could not start: ${String(error)}` };
  if (error instanceof StartRefused) {
    return error.hint === undefined
      ? { message: error.message }
      : { message: error.message, hint: error.hint };
  }
  const { code, port, address } = error as Coded;
  if (code === "EADDRINUSE") {
    return {
      message: `port ${port} is already in use (is mb or another platform running on it?)`,
      hint: "choose another with --port <number>",
    };
  }
  if (code === "EACCES" || code === "EADDRNOTAVAIL") {
    return {
      message: `cannot listen on ${address}:${port} (${code})`,
      hint: "choose another --port or --host",
    };
  }
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /'([^']+)'/.exec(error.message)?.[1] ?? "";
    if (option === "--mock") {
      return {
        message: "--mock (mb records every imposter's requests) is not supported",
        hint: 'set "recordRequests": true on the imposters to verify',
        usage: true,
      };
    }
    return { message: `unknown option ${option}`, hint: `the options are ${OPTIONS}`, usage: true };
  }
  if (code?.startsWith("ERR_PARSE_ARGS_") === true || error.message.startsWith("invalid ")) {
    return { message: error.message, usage: true };
  }
  const [first, ...frames] = (error.stack ?? `${error.name}: ${error.message}`).split("\n");
  return { message: `could not start: ${first}`, details: frames.map((frame) => frame.trim()) };
}

/** `npm start`'s line: `mockctl: <message>; <hint>`, with a stack's frames under it. */
export function startFailure(error: unknown): string {
  const { message, hint, details = [] } = whyNotStarted(error);
  const line = hint === undefined ? message : `${message}; ${hint}`;
  return [`mockctl: ${line}`, ...details.map((frame) => `    ${frame}`)].join("\n");
}

/**
 * Under `mockctl dev` the reason goes to its file, and that command prints it as it prints every error
 * (with --json, in its one JSON object); under `npm start`, or if the file cannot be written, the line.
 */
export function reportStartFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): void {
  const file = env[START_FAILURE_FILE];
  if (file !== undefined && file !== "") {
    try {
      // Created here, never written over: the path is mockctl dev's, unguessable, and nothing else's.
      writeFileSync(file, JSON.stringify(whyNotStarted(error)), { flag: "wx", mode: 0o600 });
      return;
    } catch {
      // Said on stderr instead, as npm start says it.
    }
  }
  console.error(startFailure(error));
}
