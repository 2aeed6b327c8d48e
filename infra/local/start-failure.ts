/** The options `npm start` takes (mb's, where they mean something here), for a wrong one's message. */
const OPTIONS =
  "--port, --host, --data (or --datadir), --allowInjection, --apikey, --origin, --allowHost, --configfile, --noParse, --rateLimit, --pidfile";

/** A start refused for a reason the user can act on; its message is the whole answer. */
export class StartRefused extends Error {}

/** An error of Node's (listen, parseArgs) as it carries its code. */
type Coded = Error & { code?: string; port?: number; address?: string };

/**
 * What the launcher prints when it cannot start: one line a user can act on for the failures a user causes
 * (a taken port, a wrong option or value), the whole error for anything else, which is a fault of ours.
 */
export function startFailure(error: unknown): string {
  if (!(error instanceof Error)) return `mockctl: could not start: ${String(error)}`;
  if (error instanceof StartRefused) return `mockctl: ${error.message}`;
  const { code, port, address } = error as Coded;
  if (code === "EADDRINUSE") {
    return `mockctl: port ${port} is already in use (is mb or another platform running on it?); choose another with --port <number>`;
  }
  if (code === "EACCES" || code === "EADDRNOTAVAIL") {
    return `mockctl: cannot listen on ${address}:${port} (${code}); choose another --port or --host`;
  }
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /'([^']+)'/.exec(error.message)?.[1] ?? "";
    if (option === "--mock") {
      return 'mockctl: --mock (mb records every imposter\'s requests) is not supported: set "recordRequests": true on the imposters to verify';
    }
    return `mockctl: unknown option ${option}; the options are ${OPTIONS}`;
  }
  if (code?.startsWith("ERR_PARSE_ARGS_") === true) return `mockctl: ${error.message}`;
  if (error.message.startsWith("invalid ")) return `mockctl: ${error.message}`;
  return `mockctl: could not start: ${error.stack ?? error.message}`;
}
