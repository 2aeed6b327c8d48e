import { CliError, EXIT } from "./output.ts";

/** Who answers at a URL, for messages: the platform, or a Mountebank read from (`import --from`). */
export type UrlKind = "platform" | "mountebank";

/**
 * `user:pw@` shown as `***@`: a message must never print a password someone typed into a URL. Everything up
 * to the last `@` goes, since a password may hold `@`, `/`, `#` or a space (base64 secrets hold `/`); a path
 * with an `@` in it is hidden too, which costs a message nothing.
 */
export function withoutCredentials(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/is, "$1***@");
}

const EXAMPLE = "http://localhost:2525";

function notHttpHint(url: string | undefined, kind: UrlKind): string {
  // `localhost:9253` parses as a URL of scheme "localhost:", and fetch then failed with "fetch failed".
  const guess =
    url !== undefined && !url.includes("://") && URL.canParse(`http://${url}`)
      ? `Did you mean http://${withoutCredentials(url)}? `
      : "";
  const what =
    kind === "mountebank"
      ? `Give Mountebank's admin URL, such as ${EXAMPLE}.`
      : `Give the platform's origin, such as ${EXAMPLE} (\`mockctl login --url <url>\` saves one).`;
  return `${guess}${what}`;
}

const CREDENTIALS_HINT: Record<UrlKind, string> = {
  platform: "Give the URL without them, and the token with --token or MOCKCTL_TOKEN (sent as x-api-key).",
  mountebank: "Give the URL without them, and Mountebank's --apikey with --fromApikey.",
};

/**
 * A target must be an http(s) URL without a user or password: fetch refuses credentials in a URL, and its
 * error, printed whole, showed the password. A URL typed as an option (--url, --from) that is not one is a
 * usage error (exit 2); one from MOCKCTL_URL or a profile fails (exit 1).
 */
export function checkTargetUrl(url: unknown, source: string, kind: UrlKind = "platform"): void {
  const whose = `${kind === "mountebank" ? "Mountebank's" : "the platform's"} URL from ${source}`;
  const exitCode = source.startsWith("--") ? EXIT.usage : EXIT.failed;
  let parsed: URL | undefined;
  try {
    // A hand-edited profile may hold no url, or not a string.
    parsed = typeof url === "string" ? new URL(url) : undefined;
  } catch {}
  if (typeof url !== "string" || (parsed?.protocol !== "http:" && parsed?.protocol !== "https:")) {
    const text = typeof url === "string" ? url : undefined;
    const shown = text === undefined ? "none" : JSON.stringify(withoutCredentials(text));
    throw new CliError(`${whose} is not an http(s) URL: ${shown}`, [], notHttpHint(text, kind), exitCode);
  }
  if (parsed.username !== "" || parsed.password !== "") {
    const message = `${whose} has a user name or password in it (${withoutCredentials(url)}), which mockctl does not send`;
    throw new CliError(message, [], CREDENTIALS_HINT[kind], exitCode);
  }
}

/**
 * A platform on this machine (a loopback name or address): one `npm start` or `mockctl dev` runs, whose
 * imposters also listen on their own ports. Anything else is taken for a deployed one.
 */
export function isLocalUrl(url: string): boolean {
  const host = URL.canParse(url) ? new URL(url).hostname : "";
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}
